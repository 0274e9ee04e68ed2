/**
 * Column-level privileges (spec §2 /database/column-privileges): what a role may do with each
 * column of a table, where that comes from, and the GRANT / REVOKE script of a set of changes.
 * Pure: no I/O.
 */
import { inTransaction } from '@/lib/sql/ddl'
import { quoteIdent, quoteQualified } from '@/lib/sql/identifiers'

/** The privileges Postgres grants on single columns. */
export const COLUMN_PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const
export type ColumnPrivilege = (typeof COLUMN_PRIVILEGES)[number]

/**
 * One row per column and privilege of a table ($1 schema, $2 table) for a role ($3): effective
 * (has_column_privilege: through any grant, membership or PUBLIC), granted on the whole table,
 * granted on the column to the role itself. Also whether the role owns the table or is a
 * superuser (both hold every privilege whatever is granted).
 */
export const COLUMN_PRIVILEGES_SQL = `select a.attnum::int as position, a.attname::text as column_name,
  pg_catalog.format_type(a.atttypid, a.atttypmod) as data_type, p.privilege,
  pg_catalog.has_column_privilege(r.oid, c.oid, a.attnum, p.privilege) as effective,
  pg_catalog.has_table_privilege(r.oid, c.oid, p.privilege) as table_level,
  exists (select 1 from pg_catalog.aclexplode(a.attacl) x where x.grantee = r.oid and x.privilege_type = p.privilege) as column_grant,
  pg_catalog.pg_has_role(r.oid, c.relowner, 'USAGE') as is_owner,
  r.rolsuper as is_superuser
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('REFERENCES')) as p(privilege)
join pg_catalog.pg_roles r on r.rolname = $3
where n.nspname = $1 and c.relname = $2 and c.relkind in ('r', 'p', 'v', 'm', 'f')
order by a.attnum, p.privilege`

export type ColumnPrivilegeRow = {
  position: number
  column_name: string
  data_type: string
  privilege: ColumnPrivilege
  effective: boolean
  table_level: boolean
  column_grant: boolean
  is_owner: boolean
  is_superuser: boolean
}

/** Where a role's privilege on a column comes from. */
export type PrivilegeSource = 'superuser' | 'owner' | 'table' | 'column' | 'inherited' | null

export type PrivilegeCell = { effective: boolean; columnGrant: boolean; source: PrivilegeSource }

export type PrivilegeGridColumn = { name: string; dataType: string; cells: Record<ColumnPrivilege, PrivilegeCell> }

/** The grid of a table for a role: columns in table order, one cell per privilege. */
export function privilegeGrid(rows: readonly ColumnPrivilegeRow[]): PrivilegeGridColumn[] {
  const columns = new Map<string, PrivilegeGridColumn & { position: number }>()
  for (const row of rows) {
    let column = columns.get(row.column_name)
    if (!column) {
      column = { name: row.column_name, dataType: row.data_type, position: row.position, cells: {} as Record<ColumnPrivilege, PrivilegeCell> }
      columns.set(row.column_name, column)
    }
    column.cells[row.privilege] = { effective: row.effective, columnGrant: row.column_grant, source: privilegeSource(row) }
  }
  return [...columns.values()].sort((a, b) => a.position - b.position).map(({ position: _p, ...column }) => column)
}

function privilegeSource(row: ColumnPrivilegeRow): PrivilegeSource {
  if (row.is_superuser) return 'superuser'
  if (row.is_owner) return 'owner'
  if (row.table_level) return 'table'
  if (row.column_grant) return 'column'
  return row.effective ? 'inherited' : null
}

/** True when the cell follows from something a column grant cannot change (so it is not editable). */
export function isFixedCell(cell: PrivilegeCell): boolean {
  return cell.source === 'superuser' || cell.source === 'owner' || cell.source === 'table'
}

/** Column grants as `column → privileges granted on it to the role itself`. */
export type ColumnGrants = Record<string, readonly ColumnPrivilege[]>

export function currentColumnGrants(grid: readonly PrivilegeGridColumn[]): ColumnGrants {
  return Object.fromEntries(grid.map((column) => [column.name, COLUMN_PRIVILEGES.filter((p) => column.cells[p]?.columnGrant)]))
}

export type PrivilegeChange = { column: string; privilege: ColumnPrivilege; grant: boolean }

/** The grants and revokes that turn `current` into `desired`, in column then privilege order. */
export function diffColumnGrants(current: ColumnGrants, desired: ColumnGrants): PrivilegeChange[] {
  const changes: PrivilegeChange[] = []
  const columns = [...new Set([...Object.keys(current), ...Object.keys(desired)])]
  for (const column of columns) {
    const before = new Set(current[column] ?? [])
    const after = new Set(desired[column] ?? [])
    for (const privilege of COLUMN_PRIVILEGES) {
      if (after.has(privilege) && !before.has(privilege)) changes.push({ column, privilege, grant: true })
      if (before.has(privilege) && !after.has(privilege)) changes.push({ column, privilege, grant: false })
    }
  }
  return changes
}

/**
 * The script of a set of changes: one GRANT or REVOKE per privilege and direction, listing its
 * columns (`GRANT SELECT ("a", "b") ON TABLE "s"."t" TO "role"`), in one transaction.
 */
export function columnPrivilegesSql(table: { schema: string; name: string }, role: string, changes: readonly PrivilegeChange[]): string {
  if (changes.length === 0) throw new Error('There are no changes to apply')
  if (!role) throw new Error('Choose a role')
  const statements: string[] = []
  for (const grant of [true, false]) {
    for (const privilege of COLUMN_PRIVILEGES) {
      const columns = changes.filter((c) => c.grant === grant && c.privilege === privilege).map((c) => quoteIdent(c.column))
      if (columns.length === 0) continue
      const target = `(${columns.join(', ')}) ON TABLE ${quoteQualified(table.schema, table.name)}`
      statements.push(grant ? `GRANT ${privilege} ${target} TO ${quoteIdent(role)}` : `REVOKE ${privilege} ${target} FROM ${quoteIdent(role)}`)
    }
  }
  return inTransaction(statements)
}
