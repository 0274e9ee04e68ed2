import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { isResponseError } from '@/data/fetchers'
import { snippetKeys } from '@/data/snippets/keys'
import { storeSnippet } from '@/data/snippets/snippet-cache'
import { createSnippet } from '@/data/snippets/snippet-create-mutation'
import { useSnippetQuery, type Snippet } from '@/data/snippets/snippet-query'
import { updateSnippet } from '@/data/snippets/snippet-update-mutation'
import { DEFAULT_SNIPPET_NAME } from '@/lib/sql/limits'
import { NEW_SNIPPET_ID } from '@/state/last-visited'
import { AUTOSAVE_DEBOUNCE_MS } from './SqlEditor.constants'

/** saved: nothing to write · dirty: typed, waiting for a pause · saving: a write is on its way · error: the last write failed. */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'error'

export type SnippetDocument = {
  /** The open snippet's id; null for a new query not saved yet. */
  id: string | null
  /** Changes whenever another snippet or a new query is opened (not when a new query gets its id). */
  openCount: number
  /** The snippet as the platform last answered (name, favourite); null for a new query. */
  snippet: Snippet | null
  sql: string
  setSql: (sql: string) => void
  /** 'ready' once the text is there to edit. */
  status: 'loading' | 'ready' | 'not-found' | 'error'
  loadError: unknown
  retryLoad: () => void
  saveState: SaveState
  saveError: string | null
  /** Writes pending changes now (the Retry of a failed save). */
  saveNow: () => void
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * The SQL text of the open snippet with autosave: changes are written AUTOSAVE_DEBOUNCE_MS after
 * the last keystroke, one write at a time, the newest text last. A new query becomes a snippet
 * (named DEFAULT_SNIPPET_NAME) on its first non-blank save, and `onCreated` gets its id.
 * Switching snippets or leaving the page writes what is pending at once.
 */
export function useSnippetDocument({
  projectRef,
  snippetId,
  onCreated,
}: {
  projectRef: string
  snippetId: string
  onCreated?: (id: string) => void
}): SnippetDocument {
  const queryClient = useQueryClient()
  const isNew = snippetId === NEW_SNIPPET_ID
  const [docId, setDocId] = useState<string | null>(isNew ? null : snippetId)
  const [sql, setSqlState] = useState('')
  const [loaded, setLoaded] = useState(isNew)
  const [saveState, setSaveState] = useState<SaveState>('saved')
  const [saveError, setSaveError] = useState<string | null>(null)
  const [openCount, setOpenCount] = useState(0)

  const docIdRef = useRef<string | null>(docId)
  /** Text typed and not yet written; null when there is none. */
  const pending = useRef<string | null>(null)
  /** The text the platform holds for this document, as far as this tab knows. */
  const synced = useRef<string | null>(isNew ? '' : null)
  const saving = useRef(false)
  /** Bumped on every switch: a write that finishes for an earlier document leaves this one alone. */
  const generation = useRef(0)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const onCreatedRef = useRef(onCreated)
  onCreatedRef.current = onCreated

  const detail = useSnippetQuery({ projectRef, id: docId ?? undefined })

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }

  /** Writes the pending text of a document being left, without touching the current one. */
  const flushDetached = useCallback(
    (id: string | null, text: string | null) => {
      if (text === null || (id === null && text.trim() === '')) return
      const write = id === null ? createSnippet({ projectRef, name: DEFAULT_SNIPPET_NAME, sql: text }) : updateSnippet({ projectRef, id, sql: text })
      write
        .then((saved) => {
          storeSnippet(queryClient, saved)
          void queryClient.invalidateQueries({ queryKey: snippetKeys.list(projectRef) })
        })
        .catch((error: unknown) => toast.error(`Failed to save your query: ${messageOf(error)}`))
    },
    [projectRef, queryClient]
  )

  const save = useCallback(async (): Promise<void> => {
    clearTimer()
    if (saving.current) return // the write in flight looks at `pending` when it ends
    const text = pending.current
    if (text === null) return
    const id = docIdRef.current
    if (id === null && text.trim() === '') {
      pending.current = null
      setSaveState('saved')
      return
    }
    const gen = generation.current
    saving.current = true
    pending.current = null
    setSaveState('saving')
    try {
      const saved = id === null ? await createSnippet({ projectRef, name: DEFAULT_SNIPPET_NAME, sql: text }) : await updateSnippet({ projectRef, id, sql: text })
      storeSnippet(queryClient, saved)
      if (id === null) void queryClient.invalidateQueries({ queryKey: snippetKeys.list(projectRef) })
      if (gen !== generation.current) return
      synced.current = text
      setSaveError(null)
      if (id === null) {
        docIdRef.current = saved.id
        setDocId(saved.id)
        onCreatedRef.current?.(saved.id)
      }
    } catch (error) {
      if (gen !== generation.current) {
        toast.error(`Failed to save your query: ${messageOf(error)}`)
        return
      }
      pending.current ??= text
      saving.current = false
      setSaveError(isResponseError(error) ? error.message : messageOf(error))
      setSaveState('error')
      return
    } finally {
      if (gen === generation.current) saving.current = false
    }
    if (pending.current !== null) void save()
    else setSaveState('saved')
  }, [projectRef, queryClient])

  // Another snippet (or a new query) was opened: write what is pending and start over.
  useEffect(() => {
    const target = isNew ? null : snippetId
    if (target === docIdRef.current && (target !== null || loaded)) return
    clearTimer()
    flushDetached(docIdRef.current, pending.current)
    generation.current += 1
    pending.current = null
    saving.current = false
    docIdRef.current = target
    synced.current = target === null ? '' : null
    setDocId(target)
    setSqlState('')
    setLoaded(target === null)
    setSaveState('saved')
    setSaveError(null)
    setOpenCount((n) => n + 1)
    // Runs on navigation only: the refs above carry everything else.
  }, [snippetId])

  // The snippet's text arrived (or came back changed, e.g. edited in another browser).
  useEffect(() => {
    const data = detail.data
    if (!data || data.id !== docIdRef.current) return
    if (!loaded) {
      synced.current = data.sql
      setSqlState(data.sql)
      setLoaded(true)
      return
    }
    // Only a clean document follows the platform: local edits are never overwritten.
    if (!saving.current && pending.current === null && data.sql !== synced.current) {
      synced.current = data.sql
      setSqlState(data.sql)
    }
  }, [detail.data, loaded])

  const setSql = useCallback(
    (text: string) => {
      setSqlState(text)
      if (text === synced.current && !saving.current) {
        clearTimer()
        pending.current = null
        setSaveState('saved')
        return
      }
      pending.current = text
      setSaveState('dirty')
      clearTimer()
      timer.current = setTimeout(() => void save(), AUTOSAVE_DEBOUNCE_MS)
    },
    [save]
  )

  // Leaving the page with unsaved text: the browser asks first; leaving the screen writes it.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (pending.current === null && !saving.current) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [])
  useEffect(
    () => () => {
      clearTimer()
      flushDetached(docIdRef.current, pending.current)
      pending.current = null
    },
    [flushDetached]
  )

  const notFound = isResponseError(detail.error) && detail.error.code === 404
  const status: SnippetDocument['status'] = loaded ? 'ready' : notFound ? 'not-found' : detail.isError ? 'error' : 'loading'

  return {
    id: docId,
    openCount,
    snippet: docId && detail.data?.id === docId ? detail.data : null,
    sql,
    setSql,
    status,
    loadError: detail.error,
    retryLoad: () => void detail.refetch(),
    saveState,
    saveError,
    saveNow: () => void save(),
  }
}
