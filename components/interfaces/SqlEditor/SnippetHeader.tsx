import { useEffect, useState, type ReactNode } from 'react'
import type { Snippet } from '@/data/snippets/snippet-query'
import type { SnippetActions } from './useSnippetActions'
import type { SaveState } from './useSnippetDocument'
import styles from './SqlEditor.module.css'

export type SnippetHeaderProps = {
  snippet: Snippet | null
  saveState: SaveState
  saveError: string | null
  onRetrySave: () => void
  actions: Pick<SnippetActions, 'rename' | 'remove' | 'toggleFavorite'>
  running: boolean
  canRun: boolean
  hasSelection: boolean
  onRun: () => void
  onCancel: () => void
  sidebarOpen: boolean
  onToggleSidebar: () => void
  /** More toolbar controls, shown before Run (e.g. "Generate SQL"). */
  tools?: ReactNode
}

const SAVE_LABELS: Record<SaveState, string> = {
  saved: 'Saved',
  dirty: 'Unsaved changes',
  saving: 'Saving…',
  error: 'Not saved',
}

/** The open snippet's name and actions, its save state, and Run / Cancel. */
export function SnippetHeader({
  snippet,
  saveState,
  saveError,
  onRetrySave,
  actions,
  running,
  canRun,
  hasSelection,
  onRun,
  onCancel,
  sidebarOpen,
  onToggleSidebar,
  tools,
}: SnippetHeaderProps) {
  // Read after mounting: the platform is a browser fact.
  const [isMac, setIsMac] = useState(false)
  useEffect(() => setIsMac(/Mac|iPhone|iPad/.test(navigator.platform)), [])
  const saveLabel = snippet === null && saveState === 'saved' ? 'Saved as you type' : SAVE_LABELS[saveState]
  return (
    <div className={styles.header}>
      <button type="button" className={`btn btn-sm ${styles.sidebarToggle}`} aria-expanded={sidebarOpen} aria-controls="sql-snippets" onClick={onToggleSidebar}>
        Snippets
      </button>
      <h1 className={styles.title} title={snippet?.name}>
        {snippet?.name ?? 'New query'}
      </h1>
      {snippet && (
        <span className={styles.headerActions}>
          <button
            type="button"
            className={`btn btn-ghost btn-sm ${styles.iconButton}`}
            aria-pressed={snippet.favorite}
            aria-label={snippet.favorite ? 'Remove from favourites' : 'Add to favourites'}
            onClick={() => actions.toggleFavorite(snippet)}
          >
            <span aria-hidden="true">{snippet.favorite ? '★' : '☆'}</span>
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.rename(snippet)}>
            Rename
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => actions.remove(snippet)}>
            Delete
          </button>
        </span>
      )}
      <span className={styles.saveState} data-state={saveState} role="status" aria-live="polite" title={saveError ?? undefined}>
        {saveLabel}
        {saveState === 'error' && saveError && <span className="visually-hidden">: {saveError}</span>}
      </span>
      {saveState === 'error' && (
        <button type="button" className="btn btn-sm" onClick={onRetrySave}>
          Retry save
        </button>
      )}
      <span className={styles.headerSpacer} />
      {tools}
      {running ? (
        <button type="button" className="btn btn-sm" onClick={onCancel}>
          Cancel query
        </button>
      ) : (
        <button type="button" className="btn btn-primary btn-sm" onClick={onRun} disabled={!canRun} aria-keyshortcuts="Control+Enter Meta+Enter">
          {hasSelection ? 'Run selection' : 'Run'}
          <kbd className={styles.kbdHint} aria-hidden="true">
            {isMac ? '⌘ ↵' : 'Ctrl ↵'}
          </kbd>
        </button>
      )}
    </div>
  )
}
