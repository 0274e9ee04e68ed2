import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useFdwExtensionsQuery } from '@/data/database/fdw-extensions-query'
import { useForeignDataQuery } from '@/data/database/foreign-data-query'
import { isRefusedExtension, REFUSED_EXTENSION_MESSAGE, type ExtensionEntry } from '@/lib/database/extensions'
import { FDW_EXTENSIONS, parseOptions, type FdwExtensionRow, type ForeignServerRow } from '@/lib/database/wrappers'
import { DatabaseGate } from './DatabaseGate'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { WriteButton } from './WriteButton'
import styles from './Database.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const CreateServerModal = dynamic(() => import('./CreateServerModal').then((m) => m.CreateServerModal), { ssr: false })
const DropServerModal = dynamic(() => import('./DropServerModal').then((m) => m.DropServerModal), { ssr: false })
const EnableExtensionModal = dynamic(() => import('./EnableExtensionModal').then((m) => m.EnableExtensionModal), { ssr: false })
const ImportSchemaModal = dynamic(() => import('./ImportSchemaModal').then((m) => m.ImportSchemaModal), { ssr: false })

/** /project/{ref}/database/wrappers: foreign data wrapper extensions, wrappers, servers and foreign tables. */
export function WrappersScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Wrappers</h1>
          <p className="muted">Foreign data wrappers let the database query other databases and services as if their data were local tables.</p>
        </div>
      </div>
      <DatabaseGate access={access}>
        <Wrappers access={access} />
      </DatabaseGate>
    </div>
  )
}

function toEntry(row: FdwExtensionRow): ExtensionEntry {
  return {
    name: row.name,
    comment: row.comment ?? '',
    tags: [],
    inCatalogue: false,
    catalogue: null,
    available: row.default_version !== null,
    enabled: row.installed_version !== null,
    defaultVersion: row.default_version,
    installedVersion: row.installed_version,
    schema: row.schema,
    fixedSchema: null,
    deprecated: false,
    superuserOnly: row.superuser && !row.trusted,
    requires: [],
  }
}

function OptionList({ json }: { json: string }) {
  const options = parseOptions(json)
  if (options.length === 0) return <span className="muted">none</span>
  return (
    <span className={styles.options}>
      {options.map((o) => (
        <code key={o.key}>
          {o.key}={o.value}
        </code>
      ))}
    </span>
  )
}

function Wrappers({ access }: { access: ProjectAccess }) {
  const extensions = useFdwExtensionsQuery(access.db)
  const data = useForeignDataQuery(access.db)
  const [enabling, setEnabling] = useState<ExtensionEntry | null>(null)
  const [creating, setCreating] = useState(false)
  const [importing, setImporting] = useState<string | null>(null)
  const [dropping, setDropping] = useState<ForeignServerRow | null>(null)

  if (extensions.isPending || data.isPending) return <SkeletonLines lines={5} label="Loading foreign data wrappers" />
  if (extensions.isError) return <ErrorState title="Failed to load the wrapper extensions" error={extensions.error} onRetry={() => void extensions.refetch()} />
  if (data.isError) return <ErrorState title="Failed to load foreign data" error={data.error} onRetry={() => void data.refetch()} />

  const { wrappers, servers, tables } = data.data
  const hasPostgresFdw = wrappers.some((w) => w.name === 'postgres_fdw')

  if (extensions.data.length === 0 && wrappers.length === 0) {
    return (
      <EmptyState
        title="No foreign data wrappers here"
        description="This database has no foreign data wrapper extensions installed or available, so it cannot reach external data. The database server would need one of these extensions installed:"
        action={
          <ul className={styles.list} style={{ textAlign: 'left' }} aria-label="Extensions that provide foreign data wrappers">
            {FDW_EXTENSIONS.map((e) => (
              <li key={e.name}>
                <code>{e.name}</code>: {e.description}
              </li>
            ))}
          </ul>
        }
      />
    )
  }

  return (
    <>
      <section className={styles.section} aria-labelledby="fdw-extensions">
        <h2 id="fdw-extensions">Wrapper extensions</h2>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Extension</th>
                <th scope="col">Status</th>
                <th scope="col">Description</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {extensions.data.map((row) => {
                const entry = toEntry(row)
                const refused = !entry.enabled && isRefusedExtension(entry.name)
                return (
                  <tr key={row.name}>
                    <th scope="row" className={styles.mono}>
                      {row.name}
                    </th>
                    <td>{entry.enabled ? <Badge variant="brand">Enabled{row.schema ? ` in ${row.schema}` : ''}</Badge> : entry.available ? <Badge>Available</Badge> : <Badge>Not available</Badge>}</td>
                    <td>
                      {row.comment ?? FDW_EXTENSIONS.find((e) => e.name === row.name)?.description}
                      {refused && <span className={styles.cellNote}>{REFUSED_EXTENSION_MESSAGE}</span>}
                    </td>
                    <td>
                      {!entry.enabled && entry.available && (
                        <WriteButton
                          blockedReason={access.writeBlockedReason ?? (refused ? REFUSED_EXTENSION_MESSAGE : null)}
                          className="btn btn-sm btn-primary"
                          onClick={() => setEnabling(entry)}
                          aria-label={`Enable ${row.name}`}
                        >
                          Enable
                        </WriteButton>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="fdw-wrappers">
        <h2 id="fdw-wrappers">Foreign data wrappers</h2>
        {wrappers.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            No wrappers yet: enable a wrapper extension above to add one.
          </p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Wrapper</th>
                  <th scope="col">Handler</th>
                  <th scope="col">Validator</th>
                  <th scope="col">Extension</th>
                  <th scope="col">Options</th>
                </tr>
              </thead>
              <tbody>
                {wrappers.map((w) => (
                  <tr key={w.id}>
                    <th scope="row" className={styles.mono}>
                      {w.name}
                    </th>
                    <td className={styles.mono}>{w.handler ?? '—'}</td>
                    <td className={styles.mono}>{w.validator ?? '—'}</td>
                    <td>{w.extension ?? '—'}</td>
                    <td>
                      <OptionList json={w.options} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="fdw-servers">
        <div className={styles.sectionHeader}>
          <h2 id="fdw-servers">Foreign servers</h2>
          <WriteButton
            blockedReason={access.writeBlockedReason ?? (hasPostgresFdw ? null : 'Enable postgres_fdw first.')}
            className="btn btn-sm btn-primary"
            onClick={() => setCreating(true)}
          >
            Add Postgres server
          </WriteButton>
        </div>
        {servers.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            No foreign servers yet.
          </p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Server</th>
                  <th scope="col">Wrapper</th>
                  <th scope="col">Options</th>
                  <th scope="col">User mappings</th>
                  <th scope="col">Foreign tables</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {servers.map((s) => (
                  <tr key={s.id}>
                    <th scope="row" className={styles.mono}>
                      {s.name}
                    </th>
                    <td>{s.wrapper}</td>
                    <td>
                      <OptionList json={s.options} />
                    </td>
                    <td>
                      {s.user_mappings ? s.user_mappings.split(',').join(', ') : <span className="muted">none</span>}
                      <span className={styles.cellNote}>passwords are never shown</span>
                    </td>
                    <td>{s.table_count}</td>
                    <td>
                      <span className={styles.actions}>
                        {/* IMPORT FOREIGN SCHEMA is a postgres_fdw feature; file_fdw and others define tables one by one. */}
                        {s.wrapper === 'postgres_fdw' && (
                          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setImporting(s.name)} aria-label={`Import a schema from ${s.name}`}>
                            Import schema
                          </WriteButton>
                        )}
                        <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setDropping(s)} aria-label={`Drop ${s.name}`}>
                          Drop
                        </WriteButton>
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.section} aria-labelledby="fdw-tables">
        <h2 id="fdw-tables">Foreign tables</h2>
        {tables.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            No foreign tables yet: import a schema from a server to create them.
          </p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Table</th>
                  <th scope="col">Server</th>
                  <th scope="col">Options</th>
                </tr>
              </thead>
              <tbody>
                {tables.map((t) => (
                  <tr key={t.id}>
                    <th scope="row" className={styles.mono}>
                      {t.schema}.{t.name}
                    </th>
                    <td>{t.server}</td>
                    <td>
                      <OptionList json={t.options} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {enabling && <EnableExtensionModal access={access} entry={enabling} onClose={() => setEnabling(null)} />}
      {creating && <CreateServerModal access={access} onClose={() => setCreating(false)} />}
      {importing && <ImportSchemaModal access={access} server={importing} onClose={() => setImporting(null)} />}
      {dropping && <DropServerModal access={access} server={dropping} onClose={() => setDropping(null)} />}
    </>
  )
}
