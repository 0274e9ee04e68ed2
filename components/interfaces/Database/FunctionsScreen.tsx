import dynamic from 'next/dynamic'
import { useMemo, useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { DatabaseScreen, WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { SelectField } from '@/components/ui/Field'
import { queryState } from '@/components/ui/QueryState'
import { SearchToolbar } from '@/components/ui/SearchToolbar'
import { WriteButton } from '@/components/ui/WriteButton'
import { useFunctionsQuery } from '@/data/database/functions-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import type { DatabaseFunction } from '@/lib/database/functions'
import { CreateFirstEmptyState } from './CreateFirstEmptyState'
import dbStyles from './Database.module.css'
import styles from './Functions.module.css'

// The panel (with Monaco) and the drop dialog load when first opened.
const FunctionPanel = dynamic(() => import('./FunctionPanel').then((m) => m.FunctionPanel), { ssr: false })
const DropFunctionModal = dynamic(() => import('./DropFunctionModal').then((m) => m.DropFunctionModal), { ssr: false })

/** /project/{ref}/database/functions: a schema's functions; create, edit and delete them. */
export function FunctionsScreen({ projectRef }: { projectRef: string }) {
  return (
    <DatabaseScreen projectRef={projectRef} title="Database functions" subtitle="Functions written in SQL, PL/pgSQL or another trusted language, callable from SQL, triggers and the Data API (rpc).">
      {(access) => <FunctionsList access={access} />}
    </DatabaseScreen>
  )
}

function FunctionsList({ access }: { access: ProjectAccess }) {
  const [schema, setSchema] = useState('public')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<DatabaseFunction | 'new' | null>(null)
  const [dropping, setDropping] = useState<DatabaseFunction | null>(null)
  const schemas = useSchemasQuery(access.db)
  const query = useFunctionsQuery({ ...access.db, schema })
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase()
    return (query.data ?? []).filter((fn) => !needle || fn.name.toLowerCase().includes(needle) || fn.returnType.toLowerCase().includes(needle))
  }, [query.data, search])

  const create = () => setEditing('new')
  const state = queryState(query, {
    what: 'functions',
    empty: (
      <CreateFirstEmptyState
        access={access}
        title={`No functions in ${schema}`}
        description="A function runs SQL or PL/pgSQL on the server: call it from SQL, a trigger or the Data API."
        what="function"
        onCreate={create}
      />
    ),
  })

  return (
    <>
      <div className={styles.filters}>
        <SelectField id="functions-schema" label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} options={(schemas.data ?? [{ name: schema }]).map((s) => s.name)} />
        <div className={styles.grow}>
          <SearchToolbar label="Search functions" placeholder="Search functions" value={search} onChange={setSearch} count={query.data ? `${shown.length} of ${query.data.length}` : ''} />
        </div>
        <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={create}>
          Create function
        </WriteButton>
      </div>
      {schemas.isError && <span className="field-error">Could not load the schemas: {schemas.error.message}</span>}
      {state ?? (
        <DataTable
          label={`Functions of ${schema}`}
          rows={shown}
          rowKey={(fn) => fn.id}
          empty={<EmptyState title="No functions match" description={`Nothing in ${schema} matches “${search}”.`} />}
          columns={[
            { key: 'name', header: 'Name', rowHeader: true, className: dbStyles.mono, render: (fn) => fn.name },
            { key: 'arguments', header: 'Arguments', className: `${dbStyles.mono} ${dbStyles.anywhere}`, render: (fn) => fn.arguments || '–' },
            { key: 'returns', header: 'Return type', className: `${dbStyles.mono} ${dbStyles.anywhere}`, render: (fn) => fn.returnType },
            { key: 'language', header: 'Language', hideOnMobile: true, render: (fn) => fn.language },
            { key: 'security', header: 'Security', hideOnMobile: true, render: (fn) => <Badge>{fn.securityDefiner ? 'Definer' : 'Invoker'}</Badge> },
          ]}
          actions={(fn) => (
            <>
              <button type="button" className="btn btn-sm" onClick={() => setEditing(fn)} aria-label={`${access.canWrite ? 'Edit' : 'View'} ${fn.name}`}>
                {access.canWrite ? 'Edit' : 'View'}
              </button>
              <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setDropping(fn)} aria-label={`Delete ${fn.name}`}>
                Delete
              </WriteButton>
            </>
          )}
        />
      )}
      <WriteBlockedNote access={access} />
      {editing && <FunctionPanel access={access} schema={schema} fn={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {dropping && <DropFunctionModal access={access} fn={dropping} onClose={() => setDropping(null)} />}
    </>
  )
}
