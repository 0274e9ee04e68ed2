import { useEffect, useState } from 'react'
import { ErrorState } from '@/components/ui/ErrorState'
import { reloadWithLocalEditor, resolveMonacoSource, type MonacoSource } from '@/components/ui/monaco/monaco-source'
import { MONACO_MOUNT_TIMEOUT_MS } from './monaco.constants'

/**
 * Where a Monaco editor comes from (chosen before it mounts: CDN on the hosted platform with the
 * local copy as fallback, local when self-hosted), and whether it mounted in time. A CDN that
 * served the loader but not the editor leaves Monaco pending for good: `failed` says so.
 */
export function useMonacoSource() {
  const [source, setSource] = useState<MonacoSource | null>(null)
  const [mounted, setMounted] = useState(false)
  const [timedOut, setTimedOut] = useState(false)

  useEffect(() => {
    let alive = true
    void resolveMonacoSource().then((chosen) => alive && setSource(chosen))
    return () => {
      alive = false
    }
  }, [])

  useEffect(() => {
    if (!source || mounted) return
    const timer = setTimeout(() => setTimedOut(true), MONACO_MOUNT_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [source, mounted])

  return { source, mounted, markMounted: () => setMounted(true), failed: timedOut && !mounted }
}

/** What a Monaco editor shows when it did not mount in time, with the way out for its source. */
export function MonacoLoadError({ source }: { source: MonacoSource | null }) {
  return (
    <ErrorState
      title="The code editor could not load"
      error={
        source?.origin === 'cdn'
          ? 'The CDN did not deliver the editor in time. Load it from this server instead.'
          : 'The editor files did not arrive from this server. Check the network and reload.'
      }
      onRetry={() => (source?.origin === 'cdn' ? reloadWithLocalEditor() : window.location.reload())}
    />
  )
}
