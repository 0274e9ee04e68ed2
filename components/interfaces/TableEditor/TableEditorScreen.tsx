import Link from 'next/link'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTableQuery } from '@/data/table-editor/table-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import { lastVisitedStore } from '@/state/last-visited'
import { forgetTableShape, rememberTableShape } from '@/state/table-shapes'
import { primaryKeyColumns } from '@/lib/sql/table-description'
import { SchemaPicker } from './SchemaPicker'
import { TablePanel } from './TablePanel'
import { TableList } from './TableList'
import { TableView } from './TableView'
import { useProjectAccess } from '@/hooks/use-project-access'
import { WriteButton } from '@/components/ui/WriteButton'
import { isPlatform } from '@/lib/config'
import { useReopenLastTable } from './useReopenLastTable'
import styles from './TableEditor.module.css'

const ImportDataModal = dynamic(() => import('./ImportDataModal').then((m) => m.ImportDataModal), { ssr: false })

export type TableEditorScreenProps = {
  projectRef: string
  /** The open table's oid; undefined on `/project/{ref}/editor`, NaN for an id that is not one. */
  tableId?: number
  /** On `/project/{ref}/editor`: go to the last visited table when there is one. */
  reopenLastVisited?: boolean
}

/** The table editor: schema picker and table list beside the open table (or a prompt to pick one). */
export function TableEditorScreen({ projectRef, tableId, reopenLastVisited = false }: TableEditorScreenProps) {
  const router = useRouter()
  const redirecting = useReopenLastTable(projectRef, reopenLastVisited && tableId === undefined)
  // The connection, and whether the member may change tables (Read-only members may not).
  const connection = useProjectAccess(projectRef)
  const db = { projectRef, connectionString: connection.connectionString }
  const validId = tableId !== undefined && Number.isSafeInteger(tableId) ? tableId : undefined

  // Self-hosted, queries need no connection string: the open table's definition is asked for
  // alongside the project's detail rather than after it (a project found not serving shows its
  // status; the query, disabled meanwhile, asks again once it serves).
  const early = !isPlatform() && connection.isLoading
  const tableQuery = useTableQuery({ ...db, id: validId, enabled: connection.ready || early })
  // With a table open, the sidebar's lists wait for its definition: on the embedded store one
  // session answers every query, and the open table's rows come first.
  const sidebarReady = connection.ready && (validId === undefined || !tableQuery.isPending)
  const schemasQuery = useSchemasQuery({ ...db, enabled: sidebarReady })
  const [chosenSchema, setChosenSchema] = useState<string>()
  const urlSchema = typeof router.query.schema === 'string' ? router.query.schema : undefined
  const schema = chosenSchema ?? tableQuery.data?.schema ?? urlSchema ?? schemasQuery.data?.[0]?.name
  const tablesQuery = useTablesQuery({ ...db, schema, enabled: sidebarReady })
  const [sidebarOpen, setSidebarOpen] = useState(tableId === undefined)
  const [creating, setCreating] = useState(false)
  const [importingNew, setImportingNew] = useState(false)

  const table = tableQuery.data
  useEffect(() => {
    // spec §4: opening an editor page records its table id; a table that is gone leaves the history.
    if (validId === undefined) return
    if (table) {
      lastVisitedStore.getState().recordTableVisit(projectRef, validId)
      rememberTableShape(projectRef, validId, { schema: table.schema, name: table.name, primaryKey: primaryKeyColumns(table) })
    } else if (table === null) {
      lastVisitedStore.getState().removeTableFromHistory(projectRef, validId)
      forgetTableShape(projectRef, validId)
    }
  }, [projectRef, validId, table])

  if (redirecting) return <SkeletonLines lines={4} label="Opening the last visited table" />
  if (connection.isLoading) return <div className={styles.status}><SkeletonLines lines={4} label="Loading project" /></div>
  if (connection.error && !connection.project) {
    return (
      <div className={styles.status}>
        <ErrorState title="Failed to load the project" error={connection.error} onRetry={() => void connection.refetch()} />
      </div>
    )
  }
  if (!connection.ready) {
    return (
      <div className={styles.status}>
        <Admonition type="warning" role="status" title="The database is not ready">
          {connection.serving
            ? 'Waiting for the connection to the project database…'
            : `The project is ${connection.project?.status ?? 'unavailable'}; the table editor opens once its database is healthy.`}
        </Admonition>
      </div>
    )
  }

  const sidebar = (
    <aside id="table-editor-tables" className={`${styles.sidebar} ${sidebarOpen ? styles.open : ''}`} aria-label="Tables">
      {schemasQuery.error ? (
        <ErrorState title="Failed to load schemas" error={schemasQuery.error} onRetry={() => void schemasQuery.refetch()} />
      ) : schemasQuery.data ? (
        <SchemaPicker schemas={schemasQuery.data} value={schema} onChange={setChosenSchema} />
      ) : (
        <SkeletonLines lines={1} label="Loading schemas" />
      )}
      <WriteButton blockedReason={connection.writeBlockedReason} className="btn btn-primary btn-sm" onClick={() => setCreating(true)} disabled={!schema}>
        New table
      </WriteButton>
      <WriteButton blockedReason={connection.writeBlockedReason} className="btn btn-sm" onClick={() => setImportingNew(true)} disabled={!schema}>
        Import CSV as new table
      </WriteButton>
      <TableList
        projectRef={projectRef}
        schema={schema}
        tables={tablesQuery.data}
        isLoading={tablesQuery.isPending}
        error={tablesQuery.error}
        onRetry={() => void tablesQuery.refetch()}
        currentId={validId}
        onNavigate={() => setSidebarOpen(false)}
      />
    </aside>
  )

  let main
  if (tableId === undefined) {
    main = (
      <div className={styles.status}>
        {tablesQuery.data && tablesQuery.data.length === 0 ? (
          <EmptyState
            title="No tables yet"
            description={`Create the first table of the ${schema} schema.`}
            action={
              <WriteButton blockedReason={connection.writeBlockedReason} className="btn btn-primary" onClick={() => setCreating(true)}>
                Create a table
              </WriteButton>
            }
          />
        ) : (
          <EmptyState title="Select a table" description="Choose a table from the list to see its rows and definition, or create a new one." />
        )}
      </div>
    )
  } else if (validId === undefined || table === null) {
    main = (
      <div className={styles.status}>
        <EmptyState
          title="Table not found"
          description="It may have been dropped or renamed in another schema."
          action={
            <Link className="btn" href={`/project/${projectRef}/editor`}>
              Back to tables
            </Link>
          }
        />
      </div>
    )
  } else if (tableQuery.error) {
    main = (
      <div className={styles.status}>
        <ErrorState title="Failed to load the table" error={tableQuery.error} onRetry={() => void tableQuery.refetch()} />
      </div>
    )
  } else if (!table) {
    main = (
      <div className={styles.status}>
        <SkeletonLines lines={6} label="Loading table" />
      </div>
    )
  } else {
    main = (
      <TableView
        key={table.id}
        projectRef={projectRef}
        connectionString={connection.connectionString}
        table={table}
        writeBlockedReason={connection.writeBlockedReason}
        onDropped={() => {
          lastVisitedStore.getState().removeTableFromHistory(projectRef, table.id)
          forgetTableShape(projectRef, table.id)
          void router.push(`/project/${projectRef}/editor?schema=${encodeURIComponent(table.schema)}`)
        }}
      />
    )
  }

  return (
    <div className={styles.screen}>
      <button
        type="button"
        className={`btn btn-sm ${styles.tablesToggle}`}
        aria-expanded={sidebarOpen}
        aria-controls="table-editor-tables"
        onClick={() => setSidebarOpen((open) => !open)}
      >
        {sidebarOpen ? 'Hide tables' : 'Tables'}
      </button>
      {sidebar}
      <section className={styles.main} aria-label={table ? `Table ${table.schema}.${table.name}` : 'Table editor'}>
        {/* The open table's view has its own h1; without one the page still needs a heading. */}
        {!table && <h1 className="visually-hidden">Table editor</h1>}
        {main}
      </section>
      {importingNew && schema && (
        <ImportDataModal
          projectRef={projectRef}
          connectionString={connection.connectionString}
          target={{ kind: 'new', schema }}
          onClose={() => setImportingNew(false)}
          onImported={(result) => void router.push(`/project/${projectRef}/editor/${result.table.id}`)}
        />
      )}
      {creating && schema && (
        <TablePanel
          mode="create"
          projectRef={projectRef}
          connectionString={connection.connectionString}
          schema={schema}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false)
            void router.push(`/project/${projectRef}/editor/${id}`)
          }}
        />
      )}
    </div>
  )
}
