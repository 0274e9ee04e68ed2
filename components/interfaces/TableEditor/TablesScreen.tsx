import dynamic from 'next/dynamic'
import Link from 'next/link'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { queryState } from '@/components/ui/QueryState'
import { SearchToolbar } from '@/components/ui/SearchToolbar'
import { Toggle } from '@/components/ui/Toggle'
import { WriteButton } from '@/components/ui/WriteButton'
import { useTablesOverviewQuery, type TableOverview } from '@/data/database/tables-overview-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { REALTIME_PUBLICATION } from '@/lib/database/tables'
import { formatBytes } from '@/lib/formatting'
import { SchemaPicker } from './SchemaPicker'
import styles from './TableEditor.module.css'

// The panel and dialogs load when first opened, keeping the screen's first load small.
const TablePanel = dynamic(() => import('./TablePanel').then((m) => m.TablePanel), { ssr: false })
const EditTablePanel = dynamic(() => import('./EditTablePanel').then((m) => m.EditTablePanel), { ssr: false })
const DropTableModal = dynamic(() => import('./DropTableModal').then((m) => m.DropTableModal), { ssr: false })
const DuplicateTableModal = dynamic(() => import('./DuplicateTableModal').then((m) => m.DuplicateTableModal), { ssr: false })
const TableSettingModal = dynamic(() => import('./TableSettingModal').then((m) => m.TableSettingModal), { ssr: false })

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'duplicate' | 'drop'; table: TableOverview }
  | { kind: 'realtime' | 'rls'; table: TableOverview; enabled: boolean }

const ROWS = new Intl.NumberFormat('en-US')

/** /project/{ref}/database/tables: the tables of a schema with rows, size, RLS and realtime; create, edit, duplicate, drop. */
export function TablesScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [chosenSchema, setChosenSchema] = useState<string>()
  const schemas = useSchemasQuery({ ...access.db, enabled: access.ready })
  const schema = chosenSchema ?? schemas.data?.[0]?.name
  const close = () => setDialog(null)
  const db = { projectRef, connectionString: access.connectionString }

  return (
    <div className={pageScreenClass}>
      <PageHeader
        title="Tables"
        subtitle="The tables of each schema: their rows, size, row level security and realtime."
        actions={
          access.ready && (
            <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={() => setDialog({ kind: 'create' })} disabled={!schema}>
              New table
            </WriteButton>
          )
        }
      />
      <DatabaseGate access={access}>
        {queryState(schemas, { what: 'schemas', lines: 1 }) ?? (
          <div className={styles.tablesToolbar}>
            <SchemaPicker schemas={schemas.data ?? []} value={schema} onChange={setChosenSchema} />
          </div>
        )}
        {schema && <TablesList access={access} schema={schema} onDialog={setDialog} />}
        <WriteBlockedNote access={access} />
      </DatabaseGate>
      {dialog?.kind === 'create' && schema && <TablePanel mode="create" {...db} schema={schema} onClose={close} />}
      {dialog?.kind === 'edit' && <EditTablePanel {...db} id={dialog.table.id} onClose={close} />}
      {dialog?.kind === 'duplicate' && <DuplicateTableModal access={access} table={dialog.table} onClose={close} />}
      {dialog?.kind === 'drop' && <DropTableModal {...db} table={dialog.table} onClose={close} onDropped={close} />}
      {(dialog?.kind === 'realtime' || dialog?.kind === 'rls') && (
        <TableSettingModal access={access} setting={dialog.kind} table={dialog.table} enabled={dialog.enabled} onClose={close} />
      )}
    </div>
  )
}

function TablesList({ access, schema, onDialog }: { access: ProjectAccess; schema: string; onDialog: (dialog: Dialog) => void }) {
  const query = useTablesOverviewQuery({ ...access.db, schema })
  const [search, setSearch] = useState('')
  const empty = (
    <EmptyState
      title={`No tables in ${schema}`}
      description="Create a table to store rows; its columns, keys and checks are set in the panel."
      action={
        <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={() => onDialog({ kind: 'create' })}>
          Create a table
        </WriteButton>
      }
    />
  )
  const pending = queryState(query, { what: 'tables', isEmpty: (data) => data.tables.length === 0, empty })
  if (pending || !query.data) return pending
  const { tables, realtimeAvailable } = query.data
  const needle = search.trim().toLowerCase()
  const shown = tables.filter((t) => t.name.toLowerCase().includes(needle))
  const realtimeReason = access.writeBlockedReason ?? (realtimeAvailable ? null : `The ${REALTIME_PUBLICATION} publication does not exist in this database.`)
  const write = (label: string, kind: 'edit' | 'duplicate' | 'drop', table: TableOverview) => (
    <WriteButton blockedReason={access.writeBlockedReason} className={`btn btn-sm${kind === 'drop' ? ' btn-danger' : ''}`} onClick={() => onDialog({ kind, table })} aria-label={`${label} ${table.name}`}>
      {label}
    </WriteButton>
  )

  return (
    <>
      <SearchToolbar label="Search tables" placeholder="Filter by name" value={search} onChange={setSearch} count={`${shown.length} of ${tables.length} tables`} />
      <DataTable
        label={`Tables in ${schema}`}
        rows={shown}
        rowKey={(t) => t.id}
        empty={<p className="muted" role="status">No tables match “{search}”.</p>}
        columns={[
          {
            key: 'name',
            header: 'Name',
            rowHeader: true,
            className: styles.mono,
            render: (t) => (
              <Link href={`/project/${access.db.projectRef}/editor/${t.id}`} title={t.comment ?? `Open ${t.name} in the table editor`}>
                {t.name}
              </Link>
            ),
          },
          {
            key: 'rows',
            header: 'Rows',
            align: 'right',
            nowrap: true,
            render: (t) =>
              t.rows === null ? (
                <span className="muted">Unknown</span>
              ) : t.rowsEstimated ? (
                <span title="The planner's estimate; the table is too large to count on every visit">
                  ~{ROWS.format(t.rows)} <span className="muted">estimated</span>
                </span>
              ) : (
                ROWS.format(t.rows)
              ),
          },
          { key: 'size', header: 'Size', align: 'right', nowrap: true, render: (t) => formatBytes(t.size_bytes, 1) },
          {
            key: 'rls',
            header: 'RLS',
            render: (t) => (
              <span className={styles.settingCell}>
                <Toggle aria-label={`Row level security of ${t.name}`} checked={t.rls_enabled} disabled={!access.canWrite} size="small" onChange={(enabled) => onDialog({ kind: 'rls', table: t, enabled })} />
                <Badge variant={t.rls_enabled ? 'brand' : 'warning'}>{t.rls_enabled ? 'On' : 'Off'}</Badge>
              </span>
            ),
          },
          {
            key: 'realtime',
            header: 'Realtime',
            render: (t) => (
              <span className={styles.settingCell} title={realtimeReason ?? undefined}>
                <Toggle aria-label={`Realtime of ${t.name}`} checked={t.realtime} disabled={realtimeReason !== null} size="small" onChange={(enabled) => onDialog({ kind: 'realtime', table: t, enabled })} />
                <span className="muted">{t.realtime ? 'On' : 'Off'}</span>
              </span>
            ),
          },
        ]}
        actions={(t) => (
          <>
            {write('Edit', 'edit', t)}
            {write('Duplicate', 'duplicate', t)}
            {write('Delete', 'drop', t)}
          </>
        )}
      />
      {!realtimeAvailable && !access.writeBlockedReason && <p className="field-hint" style={{ margin: 0 }}>{realtimeReason}</p>}
    </>
  )
}
