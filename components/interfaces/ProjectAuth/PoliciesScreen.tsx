import dynamic from 'next/dynamic'
import { useState } from 'react'
import { DatabaseScreen, WriteBlockedNote } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SearchToolbar } from '@/components/ui/SearchToolbar'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { usePolicyTablesQuery } from '@/data/database/policies-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { filterPolicyTables, type Policy, type PolicyTable } from '@/lib/database/policies'
import { PolicyTableCard } from './PolicyTableCard'
import styles from './Policies.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const RlsToggleModal = dynamic(() => import('./RlsToggleModal').then((m) => m.RlsToggleModal), { ssr: false })
const DropPolicyModal = dynamic(() => import('./DropPolicyModal').then((m) => m.DropPolicyModal), { ssr: false })
const PolicyFormModal = dynamic(() => import('@/components/ui/PolicyFormModal').then((m) => m.PolicyFormModal), { ssr: false })

/** What the open dialog is about. */
type Dialog =
  | { kind: 'rls'; table: PolicyTable; enabled: boolean }
  | { kind: 'new'; table: PolicyTable }
  | { kind: 'edit'; table: PolicyTable; policy: Policy }
  | { kind: 'drop'; table: PolicyTable; policy: Policy }

/** /project/{ref}/auth/policies: each table's row level security and policies; create, edit and drop them as SQL. */
export function PoliciesScreen({ projectRef }: { projectRef: string }) {
  return (
    <DatabaseScreen projectRef={projectRef} title="Policies" subtitle="Row level security decides which rows the anon key and signed-in users may read and change. Each policy is a rule on one table, written in SQL.">
      {(access) => <PolicyTables access={access} />}
    </DatabaseScreen>
  )
}

function PolicyTables({ access }: { access: ProjectAccess }) {
  const query = usePolicyTablesQuery(access.db)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [search, setSearch] = useState('')
  const [schema, setSchema] = useState('')
  const close = () => setDialog(null)

  if (query.isPending) return <SkeletonLines lines={5} label="Loading tables and policies" />
  if (query.isError) return <ErrorState title="Failed to load policies" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  if (query.data.length === 0) {
    return <EmptyState title="No tables yet" description="Policies belong to tables. Create a table in the table editor, then come back to decide who may see its rows." />
  }

  const schemas = [...new Set(query.data.map((table) => table.schema))]
  const shown = filterPolicyTables(query.data, { search, schema })
  return (
    <>
      <WriteBlockedNote access={access} />
      <SearchToolbar label="Search tables and policies" placeholder="Search tables and policies" value={search} onChange={setSearch}
        count={shown.length === query.data.length ? `${query.data.length} table${query.data.length === 1 ? '' : 's'}` : `${shown.length} of ${query.data.length} tables`}>
        <select className={`select ${styles.schemaFilter}`} aria-label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)}>
          <option value="">All schemas</option>
          {schemas.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </SearchToolbar>
      {shown.length === 0 ? (
        <EmptyState title="No tables match" description={`No table${schema ? ` in ${schema}` : ''} or policy is named like “${search.trim()}”.`} />
      ) : (
        <ul className={styles.tables} aria-label="Tables">
          {shown.map((table) => (
            <li key={table.id}>
              <PolicyTableCard
                table={table}
                access={access}
                onToggleRls={(enabled) => setDialog({ kind: 'rls', table, enabled })}
                onCreate={() => setDialog({ kind: 'new', table })}
                onEdit={(policy) => setDialog({ kind: 'edit', table, policy })}
                onDrop={(policy) => setDialog({ kind: 'drop', table, policy })}
              />
            </li>
          ))}
        </ul>
      )}
      {dialog?.kind === 'rls' && <RlsToggleModal access={access} table={dialog.table} enabled={dialog.enabled} onClose={close} />}
      {dialog?.kind === 'drop' && <DropPolicyModal access={access} table={dialog.table} policy={dialog.policy} onClose={close} />}
      {(dialog?.kind === 'new' || dialog?.kind === 'edit') && (
        <PolicyFormModal access={access} table={dialog.table} policy={dialog.kind === 'edit' ? dialog.policy : null} onClose={close} />
      )}
    </>
  )
}
