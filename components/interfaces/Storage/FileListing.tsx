import type { ReactNode } from 'react'
import { DataTable } from '@/components/ui/DataTable'
import { useSignedViewUrl } from '@/data/storage/object-urls'
import { formatBytes, formatDateTime } from '@/lib/formatting'
import { previewKind } from '@/lib/storage/browser'
import { FileIcon } from './FileIcon'
import { fileFacts, type FileEntry } from './file-entry'
import styles from './Storage.module.css'

type ListingProps = {
  projectRef: string
  bucketId: string
  entries: FileEntry[]
  selected: Set<string>
  selectable: boolean
  active: string | null
  onToggle: (path: string) => void
  onOpen: (entry: FileEntry) => void
  /** The entries shown are the last search's while the new one loads. */
  busy?: boolean
}

// A folder is selected as a unit: deleting it deletes everything under it.
function SelectBox({ entry, selected, onToggle }: { entry: FileEntry; selected: Set<string>; onToggle: (path: string) => void }) {
  return <input type="checkbox" checked={selected.has(entry.path)} onChange={() => onToggle(entry.path)} aria-label={`Select ${entry.name}`} />
}

const EntryName = ({ entry, onOpen }: { entry: FileEntry; onOpen: (entry: FileEntry) => void }) => (
  <button type="button" className={styles.entryButton} onClick={() => onOpen(entry)} aria-label={entry.folder ? `Open folder ${entry.name}` : `Preview ${entry.name}`}>
    <FileIcon folder={entry.folder} className={styles.entryIcon} />
    {entry.name}
  </button>
)

/** The list view: name, size, type and last change, a check box per file. */
export function FileTable({ entries, selected, selectable, onToggle, onOpen, busy, allSelected, onToggleAll, actions }: ListingProps & { allSelected: boolean; onToggleAll: () => void; actions?: (entry: FileEntry) => ReactNode }) {
  return (
    <DataTable
      label="Files"
      rows={entries}
      rowKey={(e) => e.path}
      actions={actions}
      busy={busy}
      columns={[
        ...(selectable
          ? [
              {
                key: 'select',
                header: <input type="checkbox" checked={allSelected} onChange={onToggleAll} aria-label="Select all files" />,
                render: (e: FileEntry) => <SelectBox entry={e} selected={selected} onToggle={onToggle} />,
              },
            ]
          : []),
        { key: 'name', header: 'Name', rowHeader: true, render: (e) => <EntryName entry={e} onOpen={onOpen} /> },
        { key: 'size', header: 'Size', nowrap: true, render: (e) => (e.folder ? '' : formatBytes(fileFacts(e).size ?? 0, 1)) },
        { key: 'type', header: 'Type', hideOnMobile: true, render: (e) => (e.folder ? 'Folder' : <span className="mono">{fileFacts(e).mimetype ?? ''}</span>) },
        { key: 'updated', header: 'Last modified', nowrap: true, hideOnMobile: true, render: (e) => (e.updated_at ? <time dateTime={e.updated_at}>{formatDateTime(e.updated_at)}</time> : '') },
      ]}
    />
  )
}

function Thumbnail({ projectRef, bucketId, entry }: { projectRef: string; bucketId: string; entry: FileEntry }) {
  const image = !entry.folder && previewKind(fileFacts(entry).mimetype, entry.name) === 'image'
  const url = useSignedViewUrl({ projectRef, bucket: bucketId, path: entry.path, kind: 'thumbnail', enabled: image })
  if (image && url.data) return <img className={styles.thumbImage} src={url.data} alt="" loading="lazy" />
  return (
    <span className={styles.thumbIcon} aria-hidden="true">
      <FileIcon folder={entry.folder} size={44} />
    </span>
  )
}

/** The grid view: a card per entry, images as thumbnails (through the transformation endpoint). */
export function FileGrid({ projectRef, bucketId, entries, selected, selectable, active, onToggle, onOpen, busy }: ListingProps) {
  return (
    <ul className={styles.grid} aria-label="Files" aria-busy={busy || undefined}>
      {entries.map((entry) => (
        <li key={entry.path} className={styles.card} data-active={active === entry.path || undefined} data-selected={selected.has(entry.path) || undefined}>
          <button type="button" className={styles.cardButton} onClick={() => onOpen(entry)} aria-label={entry.folder ? `Open folder ${entry.name}` : `Preview ${entry.name}`}>
            <Thumbnail projectRef={projectRef} bucketId={bucketId} entry={entry} />
            <span className={styles.cardName} title={entry.name}>
              {entry.name}
            </span>
          </button>
          {selectable && (
            <span className={styles.cardSelect}>
              <SelectBox entry={entry} selected={selected} onToggle={onToggle} />
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

type FooterProps = { shown: number; searching: boolean; more: boolean; loadingMore: boolean; failed: boolean; onLoadMore: () => void }

/** How many entries are shown, honestly: "at least" until the folder's last page has come. */
export function ListingFooter({ shown, searching, more, loadingMore, failed, onLoadMore }: FooterProps) {
  const items = searching ? `${shown} match${shown === 1 ? '' : 'es'}` : `${shown} item${shown === 1 ? '' : 's'}`
  return (
    <div className={styles.listingFooter}>
      <span role="status">{more ? `Showing the first ${items}; ${searching ? 'there are more' : 'this folder has more'}` : items}</span>
      {failed && <span className="field-error">The next page failed to load.</span>}
      {more && (
        <button type="button" className="btn btn-sm" onClick={onLoadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : failed ? 'Try again' : 'Load more'}
        </button>
      )}
    </div>
  )
}
