import Link from 'next/link'
import { CopyButton } from '@/components/ui/CopyButton'
import styles from './ProjectHome.module.css'

/** What the platform puts where the password goes: it never hands the password back. */
const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]'

export type ConnectionStringPanelProps = {
  connectionString: string | null
  /** Where the string leads: the project's settings page (the password) and the engine (what it cannot do). */
  projectRef?: string
  engine?: 'pglite' | 'postgres'
}

/**
 * The database connection string with a copy button, once the platform has it (spec §4), and
 * where its password is set. On PGlite it leads to the platform's loopback port, which a few
 * things work differently on: said here. Drawn once the project's detail is there (the home
 * screen holds its place until then).
 */
export function ConnectionStringPanel({ connectionString, projectRef, engine }: ConnectionStringPanelProps) {
  return (
    <section className="card" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection string</h2>
      {connectionString ? (
        <>
          <div className={styles.connection}>
            {/* One line that scrolls, focusable so a keyboard can scroll it: wrapping would change the card's height when it loads. */}
            <code data-testid="connection-string" tabIndex={0}>
              {connectionString}
            </code>
            <CopyButton text={connectionString} />
          </div>
          {connectionString.includes(PASSWORD_PLACEHOLDER) && (
            <p className="field-hint" style={{ marginTop: '0.5rem' }}>
              Replace {PASSWORD_PLACEHOLDER} with the project&apos;s database password (the one chosen when creating the
              project, unless reset since). An Owner or Admin sets it in{' '}
              {projectRef ? <Link href={`/project/${encodeURIComponent(projectRef)}/settings/general`}>Project settings → General</Link> : 'Project settings → General'}.
            </p>
          )}
          {engine === 'pglite' && (
            <p className="field-hint" data-testid="pglite-connection-note">
              This database runs on PGlite, served on this machine only (127.0.0.1, no TLS). Connections take turns: one statement
              or transaction runs at a time, and the dashboard waits for an open transaction (idle over 60 s, it is ended).
              Session settings (SET, prepared statements, temporary tables) last until the end of each statement or
              transaction; query cancel, LISTEN/NOTIFY and replication are not available. Whoever has the password has full
              control of this database.
            </p>
          )}
        </>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          The connection string appears here once the database is ready.
        </p>
      )}
    </section>
  )
}
