import { useId, useState, type KeyboardEvent } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { Field } from '@/components/ui/Field'
import { sidePanelClasses } from '@/components/ui/SidePanel'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { useApiFunctionsQuery } from '@/data/api-docs/functions-query'
import { useTableCatalogueQuery } from '@/data/table-editor/table-catalogue-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { useProjectApiEndpoint } from '@/hooks/use-project-api-endpoint'
import type { ApiFunction } from '@/lib/api-docs/functions'
import { apiColumns, clientSetupSnippet, isWritable, rpcSnippet, tableSnippets } from '@/lib/api-docs/snippets'
import type { CatalogueTable } from '@/lib/sql/table-catalogue'
import styles from './ApiDocs.module.css'

/** The schema the project API serves. */
const API_SCHEMA = 'public'
const SELECTION = { schemas: [API_SCHEMA] } as const

const KIND_LABELS: Record<string, string> = { r: 'Table', p: 'Table', f: 'Foreign table', v: 'View', m: 'Materialized view' }

/** The generated API docs of the project (issue 12): connect, then per table, view or function its supabase-js calls. */
export function ApiDocsPanel({ id, projectRef, onClose }: { id: string; projectRef: string; onClose: () => void }) {
  const access = useProjectAccess(projectRef)
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose()
  }
  return (
    <aside id={id} aria-label="API docs" className={`${sidePanelClasses.panel} ${styles.panel}`} onKeyDown={onKeyDown}>
      <header className={`${sidePanelClasses.header} ${styles.header}`}>
        <h2>API docs</h2>
        <button type="button" className="btn btn-ghost btn-sm" aria-label="Close API docs" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className={styles.body}>
        <ConnectSection projectRef={projectRef} />
        <DatabaseGate access={access}>
          <Entities access={access} />
        </DatabaseGate>
      </div>
    </aside>
  )
}

function Snippet({ title, code }: { title: string; code: string }) {
  return (
    <section className={styles.snippet} aria-label={title}>
      <div className={styles.snippetTop}>
        <h4>{title}</h4>
        <CopyButton text={code} aria-label={`Copy ${title}`} />
      </div>
      <pre className={codeBlockClass}>{code}</pre>
    </section>
  )
}

/** createClient with the project's URL and anon key (every member may read them). */
function ConnectSection({ projectRef }: { projectRef: string }) {
  const { url, anonKey, error, retry, retrying } = useProjectApiEndpoint(projectRef)
  if (error) return <ErrorState title="Failed to load the project's URL and key" error={error} onRetry={retry} retrying={retrying} />
  if (!url || !anonKey) return <SkeletonLines lines={2} label="Loading the project URL and key" />
  return <Snippet title="Connect" code={clientSetupSnippet(url, anonKey)} />
}

function Entities({ access }: { access: ProjectAccess }) {
  const selectId = useId()
  const tables = useTableCatalogueQuery({ ...access.db, selection: SELECTION })
  const functions = useApiFunctionsQuery({ ...access.db, schema: API_SCHEMA })
  const [picked, setPicked] = useState('')

  if (tables.isPending || functions.isPending) return <SkeletonLines lines={4} label="Loading tables and functions" />
  if (tables.isError || functions.isError) {
    const retry = () => {
      if (tables.isError) void tables.refetch()
      if (functions.isError) void functions.refetch()
    }
    return <ErrorState title="Failed to load the schema" error={tables.error ?? functions.error} onRetry={retry} retrying={tables.isFetching || functions.isFetching} />
  }
  const groups = ([
    ['Tables', tables.data.filter((t) => isWritable(t))],
    ['Views', tables.data.filter((t) => !isWritable(t))],
  ] as const).filter(([, list]) => list.length > 0)
  if (tables.data.length === 0 && functions.data.length === 0) {
    return <EmptyState title={`Nothing in ${API_SCHEMA} yet`} description={`Tables, views and functions of the ${API_SCHEMA} schema appear here with the calls that reach them.`} />
  }
  const value = picked || (tables.data[0] ? `table:${tables.data[0].id}` : `function:${functions.data[0].id}`)
  const [kind, rawId] = value.split(':')
  const table = kind === 'table' ? tables.data.find((t) => String(t.id) === rawId) : undefined
  const fn = kind === 'function' ? functions.data.find((f) => String(f.id) === rawId) : undefined

  return (
    <>
      <Field id={selectId} label="Table, view or function">
        <select id={selectId} className="select" value={value} onChange={(e) => setPicked(e.target.value)}>
          {groups.map(([label, list]) => (
            <optgroup key={label} label={label}>
              {list.map((t) => (
                <option key={t.id} value={`table:${t.id}`}>
                  {t.name}
                </option>
              ))}
            </optgroup>
          ))}
          {functions.data.length > 0 && (
            <optgroup label="Functions">
              {functions.data.map((f) => (
                <option key={f.id} value={`function:${f.id}`}>
                  {f.name}({f.arguments})
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </Field>
      {table && <TableDocs table={table} />}
      {fn && <FunctionDocs fn={fn} />}
    </>
  )
}

function TableDocs({ table }: { table: CatalogueTable }) {
  return (
    <>
      <h3>
        {KIND_LABELS[table.kind] ?? 'Relation'} <span className={styles.mono}>{table.name}</span>
      </h3>
      {table.comment && <p className="muted" style={{ margin: 0 }}>{table.comment}</p>}
      <DataTable
        label={`Columns of ${table.name}`}
        rows={apiColumns(table)}
        rowKey={(c) => c.name}
        columns={[
          { key: 'name', header: 'Column', rowHeader: true, className: styles.mono, render: (c) => c.name },
          { key: 'type', header: 'Type', className: styles.mono, render: (c) => c.type },
          { key: 'required', header: 'On insert', render: (c) => (!c.writable ? 'Generated' : c.required ? 'Required' : c.hasDefault ? 'Has a default' : 'Optional') },
        ]}
        empty={<p className="muted">No columns.</p>}
      />
      {!isWritable(table) && <p className="field-hint" style={{ margin: 0 }}>Views are read here; write to the tables behind them.</p>}
      {tableSnippets(table).map((s) => (
        <Snippet key={s.id} title={s.title} code={s.code} />
      ))}
    </>
  )
}

function FunctionDocs({ fn }: { fn: ApiFunction }) {
  return (
    <>
      <h3>
        Function <span className={styles.mono}>{fn.name}</span>
      </h3>
      <p className={styles.mono} style={{ margin: 0 }}>
        {fn.name}({fn.arguments}) → {fn.result}
      </p>
      {fn.comment && <p className="muted" style={{ margin: 0 }}>{fn.comment}</p>}
      {fn.args.some((a) => a.hasDefault) && <p className="field-hint" style={{ margin: 0 }}>Arguments with a default may be left out.</p>}
      <Snippet title={`Call ${fn.name}`} code={rpcSnippet(fn)} />
    </>
  )
}
