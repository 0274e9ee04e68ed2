import dynamic from 'next/dynamic'
import { useState } from 'react'
import { useIsClient } from '@/hooks/use-is-client'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'

/** Shared by the panel and the button that controls it (`aria-controls`). */
export const API_DOCS_PANEL_ID = 'api-docs-panel'

// The panel and its queries load on first open, keeping every project page's first load small.
const ApiDocsPanel = dynamic(() => import('./ApiDocsPanel').then((m) => m.ApiDocsPanel), { ssr: false })

/**
 * The "Project API documentation" preview (spec §3): a header button that opens a side panel of
 * the project's generated API docs. Nothing shows while the preview is off.
 */
export function ApiDocsButton({ projectRef, className }: { projectRef: string; className?: string }) {
  const isClient = useIsClient()
  const previewOn = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.apiSidePanel)
  const [open, setOpen] = useState(false)
  if (!isClient || !previewOn) return null
  const close = () => {
    setOpen(false)
    document.querySelector<HTMLElement>(`[aria-controls="${API_DOCS_PANEL_ID}"]`)?.focus()
  }
  return (
    <>
      <button type="button" className={['btn btn-ghost btn-sm', className].filter(Boolean).join(' ')} aria-expanded={open} aria-controls={API_DOCS_PANEL_ID} onClick={() => setOpen((v) => !v)}>
        API docs
      </button>
      {open && <ApiDocsPanel id={API_DOCS_PANEL_ID} projectRef={projectRef} onClose={close} />}
    </>
  )
}
