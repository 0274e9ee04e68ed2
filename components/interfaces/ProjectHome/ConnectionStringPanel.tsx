import { CopyButton } from '@/components/ui/CopyButton'
import { Skeleton } from '@/components/ui/Skeleton'
import styles from './ProjectHome.module.css'

/** What the platform puts where the password goes: it never hands the password back. */
const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]'

/**
 * The database connection string with a copy button, once the platform has it (spec §4). While the
 * project's details load (`pending`), a placeholder of the same height holds its place.
 */
export function ConnectionStringPanel({ connectionString, pending = false }: { connectionString: string | null; pending?: boolean }) {
  return (
    <section className="card" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection string</h2>
      {connectionString ? (
        <>
          <div className={styles.connection}>
            <code data-testid="connection-string">{connectionString}</code>
            <CopyButton text={connectionString} />
          </div>
          {connectionString.includes(PASSWORD_PLACEHOLDER) && (
            <p className="field-hint" style={{ marginTop: '0.5rem' }}>
              Replace {PASSWORD_PLACEHOLDER} with the database password you chose when creating the project.
            </p>
          )}
        </>
      ) : pending ? (
        <div className={styles.connection} role="status" aria-label="Loading the connection string">
          <Skeleton height={36} />
        </div>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          The connection string appears here once the database is ready.
        </p>
      )}
    </section>
  )
}
