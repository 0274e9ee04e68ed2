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
  selectedCount: number
  onNavigate: (prefix: string) => void
  onView: (view: ViewMode) => void
  onUpload: (files: File[]) => void
  onNewFolder: () => void
  onDeleteSelected: () => void
}

/** Breadcrumbs of the folder, the view switch, and the actions: upload, new folder, delete the selection. */
export function FileBrowserToolbar({ bucketId, isPublic, prefix, view, canWrite, selectedCount, onNavigate, onView, onUpload, onNewFolder, onDeleteSelected }: Props) {
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
            {selectedCount > 0 && (
              <button type="button" className="btn btn-sm btn-danger" onClick={onDeleteSelected}>
                {`Delete ${selectedCount} file${selectedCount === 1 ? '' : 's'}`}
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
