import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { SelectField } from '@/components/ui/Field'
import { queryState } from '@/components/ui/QueryState'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import { WriteButton } from '@/components/ui/WriteButton'
import { useIndexesQuery } from '@/data/database/indexes-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { dropIndexSql, filterIndexes, indexFormPrefill, type IndexFormPrefill, type IndexRow } from '@/lib/database/indexes'
import { formatBytes } from '@/lib/formatting'
import styles from './Database.module.css'
import own from './TypesIndexes.module.css'

// The form loads when first opened, keeping the screen's first load small.
const CreateIndexModal = dynamic(() => import('./CreateIndexModal').then((m) => m.CreateIndexModal), { ssr: false })

/**
 * /project/{ref}/database/indexes: the indexes of each table with size and scans; create and drop.
 * `?create=1&schema=…&table=…&column=…` (the performance advisor's links) opens the form filled in.
 */
export function IndexesScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Indexes</h1>
          <p className="muted">Indexes speed up reads that filter, join or sort on their columns, and cost space and time on every write.</p>
        </div>
      </div>
      <DatabaseGate access={access}>
        <IndexesList access={access} />
      </DatabaseGate>
    </div>
  )
}

function IndexBadges({ index }: { index: IndexRow }) {
  return (
    <span className={own.values}>
      {index.is_primary && <Badge variant="brand">Primary</Badge>}
      {index.is_unique && !index.is_primary && <Badge>Unique</Badge>}
      {!index.is_valid && <Badge variant="danger">Invalid</Badge>}
    </span>
  )
}

function IndexesList({ access }: { access: ProjectAccess }) {
  const ids = { schema: useId(), table: useId(), search: useId() }
  const router = useRouter()
  const query = useIndexesQuery(access.db)
  const [schema, setSchema] = useState('')
  const [table, setTable] = useState('')
  const [search, setSearch] = useState('')
  const [creating, setCreating] = useState<{ prefill: IndexFormPrefill | null } | null>(null)
  const [dropping, setDropping] = useState<IndexRow | null>(null)

  // A link from the advisor opens the form once (for a member who may create it) and filters the list; the query then leaves the URL.
  const prefill = indexFormPrefill(router.query)
  const prefillKey = prefill ? JSON.stringify(prefill) : null
  const handled = useRef<string | null>(null)
  useEffect(() => {
    if (!prefillKey || handled.current === prefillKey || !access.ready || access.role === null) return
    handled.current = prefillKey
    const filled = JSON.parse(prefillKey) as IndexFormPrefill
    if (access.canWrite) setCreating({ prefill: filled })
    setSchema(filled.schema)
    setTable(filled.table)
    const { create: _c, schema: _s, table: _t, column: _col, ...rest } = router.query
    void router.replace({ pathname: router.pathname, query: rest }, undefined, { shallow: true })
  }, [prefillKey, access.ready, access.role, access.canWrite, router])

  const rows = query.data ?? []
  const schemas = useMemo(() => [...new Set(rows.map((r) => r.schema))].sort(), [rows])
  const tables = useMemo(() => [...new Set(rows.filter((r) => !schema || r.schema === schema).map((r) => r.table_name))].sort(), [rows, schema])
  const shown = useMemo(() => filterIndexes(rows, { schema, table, search }), [rows, schema, table, search])
  const create = () => setCreating({ prefill: null })

  const state = queryState(query, {
    what: 'indexes',
    empty: (
      <EmptyState
        title="No indexes yet"
        description="Tables get an index with their primary key; add others for the columns your queries filter on."
        action={
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={create}>
            Create an index
          </WriteButton>
        }
      />
    ),
  })

  return (
    <>
      {state ?? (
        <>
          <div className={styles.toolbar} role="search">
            <SelectField id={ids.schema} label="Schema" value={schema} onChange={(e) => (setSchema(e.target.value), setTable(''))} options={[...new Set([...(schema ? [schema] : []), ...schemas])]}>
              <option value="">All schemas</option>
            </SelectField>
            <SelectField id={ids.table} label="Table" value={table} onChange={(e) => setTable(e.target.value)} options={[...new Set([...(table ? [table] : []), ...tables])]}>
              <option value="">All tables</option>
            </SelectField>
            <div className={`field ${styles.grow}`}>
              <label className="label" htmlFor={ids.search}>
                Search indexes
              </label>
              <input id={ids.search} className="input" type="search" value={search} placeholder="Name or definition" onChange={(e) => setSearch(e.target.value)} />
            </div>
            <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={create}>
              Create index
            </WriteButton>
          </div>
          <p className="muted" role="status" style={{ margin: 0 }}>
            Showing {shown.length} of {rows.length} indexes · scans count since the statistics were last reset
          </p>
          <DataTable
            label="Indexes"
            rows={shown}
            rowKey={(r) => r.id}
            empty={
              <EmptyState
                title="No index matches"
                description="Try another schema, table or search."
                action={
                  <button type="button" className="btn btn-sm" onClick={() => (setSchema(''), setTable(''), setSearch(''))}>
                    Clear filters
                  </button>
                }
              />
            }
            columns={[
              { key: 'name', header: 'Name', rowHeader: true, className: `${styles.mono} ${styles.anywhere}`, render: (r) => r.name },
              { key: 'table', header: 'Table', className: styles.mono, nowrap: true, render: (r) => `${r.schema}.${r.table_name}` },
              { key: 'method', header: 'Method', render: (r) => r.method },
              { key: 'kind', header: 'Kind', render: (r) => <IndexBadges index={r} /> },
              { key: 'definition', header: 'Definition', hideOnMobile: true, className: own.definition, render: (r) => r.definition },
              { key: 'size', header: 'Size', nowrap: true, align: 'right', render: (r) => formatBytes(r.size_bytes) },
              { key: 'scans', header: 'Scans', nowrap: true, align: 'right', render: (r) => r.scans.toLocaleString('en-US') },
            ]}
            actions={(r) => (
              <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" aria-label={`Drop ${r.name}`} onClick={() => setDropping(r)}>
                Drop
              </WriteButton>
            )}
          />
          <WriteBlockedNote access={access} />
        </>
      )}
      {creating && <CreateIndexModal access={access} prefill={creating.prefill} onClose={() => setCreating(null)} />}
      {dropping && <DropIndexModal access={access} index={dropping} onClose={() => setDropping(null)} />}
    </>
  )
}

/** DROP INDEX, or ALTER TABLE … DROP CONSTRAINT for the index of a primary key, unique or exclusion constraint. */
function DropIndexModal({ access, index, onClose }: { access: ProjectAccess; index: IndexRow; onClose: () => void }) {
  const sql = dropIndexSql({ schema: index.schema, table: index.table_name, name: index.name, constraint: index.constraint_name })
  return (
    <ScriptConfirmModal
      access={access}
      title={`Drop index ${index.name}`}
      confirmLabel={index.constraint_name ? 'Drop constraint' : 'Drop index'}
      pendingLabel="Dropping…"
      sql={sql}
      action={`drop index ${index.schema}.${index.name}`}
      done={`Dropped ${index.name}`}
      failedTitle="The index was not dropped"
      size="medium"
      onClose={onClose}
    >
      {index.constraint_name ? (
        <p style={{ margin: 0 }}>
          This index backs the {index.is_primary ? 'primary key' : 'constraint'} <code>{index.constraint_name}</code> of <code>{`${index.schema}.${index.table_name}`}</code>: dropping it drops the constraint, and
          Postgres refuses while a foreign key references it.
        </p>
      ) : (
        <p style={{ margin: 0 }}>
          Queries on <code>{`${index.schema}.${index.table_name}`}</code> that used this index will scan instead. It can be created again.
        </p>
      )}
    </ScriptConfirmModal>
  )
}
