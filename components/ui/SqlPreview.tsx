import { Admonition } from '@/components/ui/Admonition'
import { CopyButton } from '@/components/ui/CopyButton'
import { sqlErrorOf } from '@/data/sql/execute-sql'
import { errorMessage } from '@/components/ui/ErrorState'
import styles from './SqlPreview.module.css'

/** The SQL a dialog will run, shown before it runs (collapsible; copyable). */
export function SqlPreview({ sql, open = false, emptyText = 'Nothing to run yet.' }: { sql: string | null; open?: boolean; emptyText?: string }) {
  return (
    <details className={styles.preview} open={open}>
      <summary>Preview SQL</summary>
      {sql ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: '0.4rem' }}>
          <pre className={styles.pre} aria-label="SQL to run">
            {sql}
          </pre>
          <div>
            <CopyButton text={sql} label="Copy SQL" />
          </div>
        </div>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          {emptyText}
        </p>
      )}
    </details>
  )
}

/** The block of code the preview shows, for other code shown the same way (definitions, cell values). */
export const codeBlockClass = styles.pre

/** A failed run shown where it happened: Postgres message, detail and hint; nothing was applied. */
export function SqlRunError({ error, title = 'The changes were not applied' }: { error: unknown; title?: string }) {
  const sqlError = sqlErrorOf(error)
  return (
    <Admonition type="danger" role="alert" title={title}>
      <div>{sqlError?.message ?? errorMessage(error)}</div>
      {sqlError?.detail && <div>Detail: {sqlError.detail}</div>}
      {sqlError?.hint && <div>Hint: {sqlError.hint}</div>}
    </Admonition>
  )
}
