import { useEffect, useState } from 'react'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { StorageBucket } from '@/data/storage/buckets-query'
import { useObjectTextQuery } from '@/data/storage/object-text-query'
import { useSignedViewUrl } from '@/data/storage/object-urls'
import { formatBytes, formatDateTime } from '@/lib/formatting'
import { prettyJson, previewKind, TEXT_PREVIEW_MAX_CHARS, type PreviewKind } from '@/lib/storage/browser'
import { CopyUrlModal } from './CopyUrlModal'
import { DeleteFilesModal } from './DeleteFilesModal'
import { fileFacts, type FileEntry } from './file-entry'
import { MoveFileModal } from './MoveFileModal'
import styles from './Preview.module.css'

type Props = { projectRef: string; bucket: StorageBucket | null; entry: FileEntry; canWrite: boolean; onClose: () => void; onGone: () => void }

/** A file's details and preview (image, text, JSON or PDF), with download, copy URL, move and delete. */
export function PreviewPanel({ projectRef, bucket, entry, canWrite, onClose, onGone }: Props) {
  const { size, mimetype } = fileFacts(entry)
  const kind = previewKind(mimetype, entry.name)
  const url = useSignedViewUrl({ projectRef, bucket: bucket?.id, path: entry.path, kind: 'preview' })
  const [dialog, setDialog] = useState<'copy' | 'move' | 'delete' | null>(null)
  const close = () => setDialog(null)

  // Escape closes the preview, as it closes a panel anywhere else; not while one of its dialogs is open (Escape is the dialog's then).
  useEffect(() => {
    if (dialog !== null) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return
      onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [dialog, onClose])

  return (
    <aside className={styles.preview} aria-label={`Preview of ${entry.name}`}>
      <div className="bar">
        <h2 className={styles.previewTitle} title={entry.path}>
          {entry.name}
        </h2>
        <button type="button" className="btn btn-sm" onClick={onClose} aria-label="Close preview">
          ✕
        </button>
      </div>
      <div className={styles.previewBody}>
        {url.isPending ? (
          <SkeletonLines lines={3} label="Loading preview" />
        ) : url.isError ? (
          <ErrorState title="Failed to load the preview" error={url.error} onRetry={() => void url.refetch()} retrying={url.isFetching} />
        ) : (
          <PreviewContent kind={kind} url={url.data} name={entry.name} />
        )}
      </div>
      <dl className={styles.facts}>
        <dt>Type</dt>
        <dd className="mono">{mimetype ?? 'unknown'}</dd>
        <dt>Size</dt>
        <dd>{size === null ? 'unknown' : formatBytes(size, 1)}</dd>
        <dt>Last modified</dt>
        <dd>{entry.updated_at ? formatDateTime(entry.updated_at) : ''}</dd>
        <dt>Path</dt>
        <dd className="mono">{entry.path}</dd>
      </dl>
      <div className={styles.previewActions}>
        {url.data && (
          <a className="btn btn-sm" href={`${url.data}&download=`} download={entry.name}>
            Download
          </a>
        )}
        <button type="button" className="btn btn-sm" onClick={() => setDialog('copy')}>
          Copy URL
        </button>
        {canWrite && (
          <>
            <button type="button" className="btn btn-sm" onClick={() => setDialog('move')}>
              Move
            </button>
            <button type="button" className="btn btn-sm btn-danger" onClick={() => setDialog('delete')}>
              Delete
            </button>
          </>
        )}
      </div>
      {dialog === 'copy' && bucket && <CopyUrlModal projectRef={projectRef} bucket={bucket} path={entry.path} onClose={close} />}
      {dialog === 'move' && bucket && <MoveFileModal projectRef={projectRef} bucketId={bucket.id} path={entry.path} onClose={close} onMoved={onGone} />}
      {dialog === 'delete' && bucket && <DeleteFilesModal projectRef={projectRef} bucketId={bucket.id} paths={[entry.path]} onClose={close} onDeleted={onGone} />}
    </aside>
  )
}

function PreviewContent({ kind, url, name }: { kind: PreviewKind; url: string; name: string }) {
  const text = useObjectTextQuery({ url, maxChars: TEXT_PREVIEW_MAX_CHARS, enabled: kind === 'text' || kind === 'json' })
  if (kind === 'image') return <img className={styles.previewImage} src={url} alt={name} />
  if (kind === 'pdf') return <iframe className={styles.previewPdf} src={url} title={`PDF ${name}`} />
  if (kind === 'none') return <p className="field-hint">No preview for this type of file. Download it to open it.</p>
  if (text.isPending) return <SkeletonLines lines={4} label="Loading file" />
  if (text.isError) return <ErrorState title="Failed to read the file" error={text.error} onRetry={() => void text.refetch()} retrying={text.isFetching} />
  return (
    <pre className={styles.previewText} aria-label={`Contents of ${name}`}>
      {kind === 'json' ? prettyJson(text.data) : text.data}
    </pre>
  )
}
