import { useRef } from 'react'
import { Badge } from '@/components/ui/Badge'
import { crumbs } from '@/lib/storage/browser'
import styles from './Storage.module.css'

export type ViewMode = 'list' | 'grid'

type Props = {
  bucketId: string
  isPublic: boolean
  prefix: string
  view: ViewMode
  canWrite: boolean
  /** What the selection is, in words ("2 files", "1 folder", "3 items"); null when nothing is selected. */
  selection: string | null
  search: string
  onSearch: (search: string) => void
  onNavigate: (prefix: string) => void
  onView: (view: ViewMode) => void
  onUpload: (files: File[]) => void
  onNewFolder: () => void
  onDeleteSelected: () => void
}

/** Breadcrumbs of the folder, search within it, the view switch, and the actions: upload, new folder, delete the selection. */
export function FileBrowserToolbar({ bucketId, isPublic, prefix, view, canWrite, selection, search, onSearch, onNavigate, onView, onUpload, onNewFolder, onDeleteSelected }: Props) {
  const picker = useRef<HTMLInputElement>(null)
  return (
    <div className={styles.browserToolbar}>
      <nav aria-label="Folder" className={styles.crumbs}>
        <button type="button" className={styles.crumb} onClick={() => onNavigate('')} aria-current={prefix === '' ? 'page' : undefined}>
          {bucketId}
        </button>
        {crumbs(prefix).map((c) => (
          <span key={c.path}>
            <span aria-hidden="true"> / </span>
            <button type="button" className={styles.crumb} onClick={() => onNavigate(c.path)} aria-current={c.path === prefix ? 'page' : undefined}>
              {c.name}
            </button>
          </span>
        ))}
        {isPublic ? <Badge variant="warning">Public</Badge> : <Badge>Private</Badge>}
      </nav>
      <div className={styles.actions}>
        <input
          type="search"
          className={`input ${styles.search}`}
          placeholder="Search in this folder"
          aria-label="Search files in this folder"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
        <div role="group" aria-label="View" className={styles.segmented}>
          <button type="button" className="btn btn-sm" aria-pressed={view === 'list'} onClick={() => onView('list')}>
            List
          </button>
          <button type="button" className="btn btn-sm" aria-pressed={view === 'grid'} onClick={() => onView('grid')}>
            Grid
          </button>
        </div>
        {canWrite && (
          <>
            {selection && (
              <button type="button" className="btn btn-sm btn-danger" onClick={onDeleteSelected}>
                {`Delete ${selection}`}
              </button>
            )}
            <button type="button" className="btn btn-sm" onClick={onNewFolder}>
              New folder
            </button>
            <button type="button" className="btn btn-sm btn-primary" onClick={() => picker.current?.click()}>
              Upload files
            </button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              aria-label="Files to upload"
              onChange={(e) => {
                const files = Array.from(e.target.files ?? [])
                e.target.value = ''
                if (files.length) onUpload(files)
              }}
            />
          </>
        )}
      </div>
    </div>
  )
}
