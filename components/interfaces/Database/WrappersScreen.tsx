import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useFdwExtensionsQuery } from '@/data/database/fdw-extensions-query'
import { useForeignDataQuery } from '@/data/database/foreign-data-query'
import { isRefusedExtension, REFUSED_EXTENSION_MESSAGE, type ExtensionEntry } from '@/lib/database/extensions'
import { FDW_EXTENSIONS, parseOptions, type FdwExtensionRow, type ForeignServerRow } from '@/lib/database/wrappers'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { WriteButton } from '@/components/ui/WriteButton'
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

const isRefused = (row: FdwExtensionRow) => row.installed_version === null && isRefusedExtension(row.name)

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

  const none = (text: string) => (
    <p className="muted" style={{ margin: 0 }}>
      {text}
    </p>
  )
  const options = (row: { options: string }) => <OptionList json={row.options} />

  return (
    <>
      <section className={styles.section} aria-labelledby="fdw-extensions">
        <h2 id="fdw-extensions">Wrapper extensions</h2>
        <DataTable label="Wrapper extensions" rows={extensions.data} rowKey={(row) => row.name}
          columns={[
            { key: 'name', header: 'Extension', rowHeader: true, className: styles.mono, render: (row) => row.name },
            {
              key: 'status',
              header: 'Status',
              render: (row) =>
                row.installed_version !== null ? (
                  <Badge variant="brand">Enabled{row.schema ? ` in ${row.schema}` : ''}</Badge>
                ) : row.default_version !== null ? (
                  <Badge>Available</Badge>
                ) : (
                  <Badge>Not available</Badge>
                ),
            },
            {
              key: 'description',
              header: 'Description',
              render: (row) => (
                <>
                  {row.comment ?? FDW_EXTENSIONS.find((e) => e.name === row.name)?.description}
                  {isRefused(row) && <span className={styles.cellNote}>{REFUSED_EXTENSION_MESSAGE}</span>}
                </>
              ),
            },
          ]}
          actions={(row) =>
            row.installed_version === null &&
            row.default_version !== null && (
              <WriteButton
                blockedReason={access.writeBlockedReason ?? (isRefused(row) ? REFUSED_EXTENSION_MESSAGE : null)}
                className="btn btn-sm btn-primary"
                onClick={() => setEnabling(toEntry(row))}
                aria-label={`Enable ${row.name}`}
              >
                Enable
              </WriteButton>
            )
          }
        />
      </section>

      <section className={styles.section} aria-labelledby="fdw-wrappers">
        <h2 id="fdw-wrappers">Foreign data wrappers</h2>
        <DataTable label="Foreign data wrappers" rows={wrappers} rowKey={(w) => w.id} empty={none('No wrappers yet: enable a wrapper extension above to add one.')}
          columns={[
            { key: 'name', header: 'Wrapper', rowHeader: true, className: styles.mono, render: (w) => w.name },
            { key: 'handler', header: 'Handler', className: styles.mono, render: (w) => w.handler ?? '—' },
            { key: 'validator', header: 'Validator', className: styles.mono, render: (w) => w.validator ?? '—' },
            { key: 'extension', header: 'Extension', render: (w) => w.extension ?? '—' },
            { key: 'options', header: 'Options', render: options },
          ]}
        />
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
        <DataTable label="Foreign servers" rows={servers} rowKey={(s) => s.id} empty={none('No foreign servers yet.')}
          columns={[
            { key: 'name', header: 'Server', rowHeader: true, className: styles.mono, render: (s) => s.name },
            { key: 'wrapper', header: 'Wrapper', render: (s) => s.wrapper },
            { key: 'options', header: 'Options', render: options },
            {
              key: 'mappings',
              header: 'User mappings',
              render: (s) => (
                <>
                  {s.user_mappings ? s.user_mappings.split(',').join(', ') : <span className="muted">none</span>}
                  <span className={styles.cellNote}>passwords are never shown</span>
                </>
              ),
            },
            { key: 'tables', header: 'Foreign tables', render: (s) => s.table_count },
          ]}
          actions={(s) => (
            <>
              {/* IMPORT FOREIGN SCHEMA is a postgres_fdw feature; file_fdw and others define tables one by one. */}
              {s.wrapper === 'postgres_fdw' && (
                <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setImporting(s.name)} aria-label={`Import a schema from ${s.name}`}>
                  Import schema
                </WriteButton>
              )}
              <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setDropping(s)} aria-label={`Drop ${s.name}`}>
                Drop
              </WriteButton>
            </>
          )}
        />
      </section>

      <section className={styles.section} aria-labelledby="fdw-tables">
        <h2 id="fdw-tables">Foreign tables</h2>
        <DataTable label="Foreign tables" rows={tables} rowKey={(t) => t.id} empty={none('No foreign tables yet: import a schema from a server to create them.')}
          columns={[
            { key: 'name', header: 'Table', rowHeader: true, className: styles.mono, render: (t) => `${t.schema}.${t.name}` },
            { key: 'server', header: 'Server', render: (t) => t.server },
            { key: 'options', header: 'Options', render: options },
          ]}
        />
      </section>

      {enabling && <EnableExtensionModal access={access} entry={enabling} onClose={() => setEnabling(null)} />}
      {creating && <CreateServerModal access={access} onClose={() => setCreating(false)} />}
      {importing && <ImportSchemaModal access={access} server={importing} onClose={() => setImporting(null)} />}
      {dropping && <DropServerModal access={access} server={dropping} onClose={() => setDropping(null)} />}
    </>
  )
}
