import { useState } from 'react'
import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { queryState } from '@/components/ui/QueryState'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useTableDependentsQuery } from '@/data/database/table-dependents-query'
import { dropTableSql } from '@/lib/sql/ddl'
import styles from './TableEditor.module.css'

type DropTableModalProps = {
  projectRef: string
  connectionString: string | null
  table: { id: number; schema: string; name: string }
  onClose: () => void
  onDropped: () => void
}

/**
 * Confirms dropping a table, naming first what depends on it (views, other tables' foreign keys,
 * functions, policies). CASCADE is written only once the member confirms having seen them; the
 * SQL is shown before it runs and a failure shows here, with nothing dropped.
 */
export function DropTableModal({ projectRef, connectionString, table, onClose, onDropped }: DropTableModalProps) {
  const [cascade, setCascade] = useState(false)
  const dependents = useTableDependentsQuery({ projectRef, connectionString, id: table.id })
  const drop = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Table ${table.name} deleted`)
      onDropped()
    },
  })
  const found = dependents.data ?? []
  const needsCascade = found.length > 0
  const sql = dropTableSql(table, { cascade: needsCascade && cascade })
  return (
    <ConfirmModal
      title={`Delete table ${table.name}`}
      description="The table and all its rows are deleted. This cannot be undone."
      size="medium"
      confirmLabel="Delete table"
      pendingLabel="Deleting…"
      pending={drop.isPending}
      disabled={!dependents.isSuccess || (needsCascade && !cascade)}
      onConfirm={() => drop.mutate({ projectRef, connectionString, sql, action: `drop table ${table.schema}.${table.name}` })}
      onClose={onClose}
    >
      {queryState(dependents, { what: 'what depends on the table', lines: 2 }) ??
        (needsCascade ? (
          <>
            <p style={{ margin: 0 }}>These depend on {table.name} and are dropped with it (CASCADE):</p>
            <ul className={styles.dependents} aria-label={`Objects that depend on ${table.name}`}>
              {found.map((d) => (
                <li key={`${d.kind} ${d.object}`}>
                  <span className={styles.mono}>{d.object}</span>
                </li>
              ))}
            </ul>
            <label style={{ display: 'flex', gap: '0.4rem', alignItems: 'center' }}>
              <input type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
              I have seen these {found.length} dependent objects; drop them too (CASCADE)
            </label>
          </>
        ) : (
          <p className="muted" style={{ margin: 0 }}>
            Nothing else depends on this table.
          </p>
        ))}
      {drop.error && <SqlRunError error={drop.error} title="The table was not deleted" />}
      <SqlPreview sql={sql} />
    </ConfirmModal>
  )
}
