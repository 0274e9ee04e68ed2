import type { UploadItem } from './use-uploads'
import styles from './Storage.module.css'

/** One progress bar per file being uploaded (and what failed, with why). */
export function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null
  const finished = items.every((i) => i.status !== 'uploading')
  return (
    <section className={`surface ${styles.uploads}`} aria-label="Uploads">
      <div className={styles.uploadsHeader}>
        <strong>{finished ? 'Uploads finished' : `Uploading ${items.filter((i) => i.status === 'uploading').length} of ${items.length}`}</strong>
        {finished && (
          <button type="button" className="btn btn-sm" onClick={onClear}>
            Dismiss
          </button>
        )}
      </div>
      <ul>
        {items.map((item) => (
          <li key={item.id} className={styles.upload}>
            <span className={styles.uploadName} title={item.path}>
              {item.name}
            </span>
            <progress
              className={styles.progress}
              max={100}
              value={Math.round(item.progress * 100)}
              aria-label={`Upload of ${item.name}`}
              data-status={item.status}
            />
            <span className={item.status === 'failed' ? 'field-error' : 'field-hint'}>
              {item.status === 'failed' ? item.error : item.status === 'done' ? 'Uploaded' : `${Math.round(item.progress * 100)}%`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
