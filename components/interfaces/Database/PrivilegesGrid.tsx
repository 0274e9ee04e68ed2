import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { DataTable } from '@/components/ui/DataTable'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useColumnPrivilegesQuery } from '@/data/database/column-privileges-query'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import {
  COLUMN_PRIVILEGES,
  columnPrivilegesSql,
  currentColumnGrants,
  diffColumnGrants,
  isFixedCell,
  type ColumnGrants,
  type ColumnPrivilege,
  type PrivilegeCell,
  type PrivilegeGridColumn,
} from '@/lib/database/column-privileges'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { WriteButton } from '@/components/ui/WriteButton'
import styles from './Database.module.css'

const SOURCE_NOTE: Record<string, string> = {
  superuser: 'superuser',
  owner: 'table owner',
  table: 'granted on table',
  inherited: 'inherited',
}

type Props = { access: ProjectAccess; schema: string; table: string; role: string }

/** Columns × privileges for one role: effective state, where it comes from, and pending changes. */
export function PrivilegesGrid({ access, schema, table, role }: Props) {
  const query = useColumnPrivilegesQuery({ ...access.db, schema, table, role })
  const [desired, setDesired] = useState<ColumnGrants | null>(null)
  const apply = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Column privileges of ${role} on ${table} updated`)
      setDesired(null)
    },
  })

  const current = useMemo(() => (query.data ? currentColumnGrants(query.data) : {}), [query.data])
  const wanted = desired ?? current
  const changes = useMemo(() => diffColumnGrants(current, wanted), [current, wanted])
  const sql = changes.length > 0 ? columnPrivilegesSql({ schema, name: table }, role, changes) : null

  if (query.isPending) return <SkeletonLines lines={4} label="Loading column privileges" />
  if (query.isError) return <ErrorState title="Failed to load column privileges" error={query.error} onRetry={() => void query.refetch()} />
  if (query.data.length === 0) return <p className="muted">This table has no columns.</p>

  const toggle = (column: string, privilege: ColumnPrivilege, on: boolean) => {
    const next = { ...wanted, [column]: on ? [...(wanted[column] ?? []), privilege] : (wanted[column] ?? []).filter((p) => p !== privilege) }
    setDesired(next)
    apply.reset()
  }

  const readOnly = !access.canWrite

  return (
    <section className={styles.section} aria-label={`Privileges of ${role} on ${schema}.${table}`}>
      <DataTable
        label={`Column privileges of ${role} on ${schema}.${table}`}
        rows={query.data}
        rowKey={(column) => column.name}
        columns={[
          {
            key: 'column',
            header: 'Column',
            rowHeader: true,
            render: (column) => (
              <>
                <span className={styles.mono}>{column.name}</span> <span className="muted">{column.dataType}</span>
              </>
            ),
          },
          ...COLUMN_PRIVILEGES.map((privilege) => {
            const state = (column: PrivilegeGridColumn) => {
              const cell: PrivilegeCell = column.cells[privilege]
              const fixed = isFixedCell(cell)
              const checked = fixed ? cell.effective : (wanted[column.name] ?? []).includes(privilege)
              const changed = !fixed && checked !== cell.columnGrant
              const note = fixed || (!checked && cell.effective) ? SOURCE_NOTE[cell.source ?? ''] : changed ? (checked ? 'will grant' : 'will revoke') : null
              return { cell, fixed, checked, changed, note }
            }
            return {
              key: privilege,
              header: privilege,
              align: 'center' as const,
              className: (column: PrivilegeGridColumn) => (state(column).changed ? styles.changed : undefined),
              render: (column: PrivilegeGridColumn) => {
                const { cell, fixed, checked, note } = state(column)
                return (
                  <>
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={fixed || readOnly}
                      title={fixed ? `${role} has ${privilege} on ${column.name} as ${SOURCE_NOTE[cell.source ?? '']}: a column grant cannot change it` : access.writeBlockedReason ?? undefined}
                      aria-label={`${privilege} on ${column.name}`}
                      onChange={(e) => toggle(column.name, privilege, e.target.checked)}
                    />
                    {note && <span className={styles.cellNote}>{note}</span>}
                  </>
                )
              },
            }
          }),
        ]}
      />
      {access.writeBlockedReason && <p className="field-hint" style={{ margin: 0 }}>{access.writeBlockedReason}</p>}
      <div className={styles.sectionHeader}>
        <span className="muted" role="status">
          {changes.length === 0 ? 'No pending changes' : `${changes.length} pending change${changes.length === 1 ? '' : 's'}`}
        </span>
        <span className={styles.actions}>
          <button type="button" className="btn" disabled={changes.length === 0 || apply.isPending} onClick={() => (setDesired(null), apply.reset())}>
            Discard changes
          </button>
          <WriteButton
            blockedReason={access.writeBlockedReason}
            className="btn btn-primary"
            disabled={!sql || apply.isPending}
            onClick={() => sql && apply.mutate({ ...access.db, sql, action: 'update column privileges' })}
          >
            {apply.isPending ? 'Applying…' : 'Apply changes'}
          </WriteButton>
        </span>
      </div>
      {sql && <SqlPreview sql={sql} open />}
      {apply.isError && <SqlRunError error={apply.error} title="The privileges were not changed" />}
    </section>
  )
}
