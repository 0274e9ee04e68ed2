/** Helpers of the table editor screens: catalogue → form, row keys, cell display. */
import type { CheckDraft, CheckSpec, ColumnDraft, ExistingColumn, ForeignKeyAction, TableKeyDraft, TableKeySpec, TableRef } from '@/lib/sql/ddl'
import type { RowKey } from '@/lib/sql/row-dml'
import { toPostgresText } from '@/lib/sql/row-dml'
import { primaryKeyColumns, type CatalogueColumn, type CatalogueTable } from '@/lib/sql/table-description'

const FK_ACTIONS: Record<string, ForeignKeyAction> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' }

/** Relation kinds whose rows the editor may change. */
export function isEditableKind(kind: string): boolean {
  return kind === 'r' || kind === 'p'
}

export const KIND_LABELS: Record<string, string> = {
  r: 'Table',
  p: 'Partitioned table',
  v: 'View',
  m: 'Materialized view',
  f: 'Foreign table',
}

export type TableForm = {
  name: string
  columns: ColumnDraft[]
  checks: CheckDraft[]
  /** Unique constraints and foreign keys over two or more columns (one-column ones are flags of their column). */
  keys: TableKeyDraft[]
  /** What the alter builder needs besides the edited columns, checks and keys. */
  alterBase: { table: TableRef; original: ExistingColumn[]; primaryKeyConstraint: string | null; originalChecks: CheckSpec[]; originalKeys: TableKeySpec[] }
}

/** The alter form of an existing table: each column as the form edits it, with the constraints it may drop. */
export function catalogueToForm(table: CatalogueTable): TableForm {
  const key = new Set(primaryKeyColumns(table))
  const original: ExistingColumn[] = table.columns.map((c) => {
    const unique = table.constraints.find((k) => k.type === 'u' && k.columns.length === 1 && k.columns[0] === c.name)
    const fk = table.constraints.find((k) => k.type === 'f' && k.columns.length === 1 && k.columns[0] === c.name)
    return {
      name: c.name,
      type: c.data_type,
      defaultValue: c.default_value ?? '',
      isNullable: c.is_nullable,
      isUnique: Boolean(unique),
      isIdentity: c.identity !== null,
      identityAlways: c.identity === 'a',
      isPrimaryKey: key.has(c.name),
      foreignKey:
        fk && fk.target_schema && fk.target_table
          ? {
              schema: fk.target_schema,
              table: fk.target_table,
              column: fk.target_columns?.[0] ?? '',
              onDelete: FK_ACTIONS[fk.on_delete ?? 'a'] ?? 'NO ACTION',
              onUpdate: FK_ACTIONS[fk.on_update ?? 'a'] ?? 'NO ACTION',
            }
          : null,
      uniqueConstraint: unique?.name ?? null,
      foreignKeyConstraint: fk?.name ?? null,
    }
  })
  const originalKeys: TableKeySpec[] = table.constraints
    .filter((k) => (k.type === 'u' || k.type === 'f') && k.columns.length > 1)
    .map((k) =>
      k.type === 'u'
        ? { kind: 'unique', name: k.name, columns: k.columns }
        : {
            kind: 'foreign',
            name: k.name,
            columns: k.columns,
            schema: k.target_schema ?? '',
            table: k.target_table ?? '',
            references: k.target_columns ?? [],
            onDelete: FK_ACTIONS[k.on_delete ?? 'a'] ?? 'NO ACTION',
            onUpdate: FK_ACTIONS[k.on_update ?? 'a'] ?? 'NO ACTION',
          },
    )
  const originalChecks = table.constraints.filter((k) => k.type === 'c').map((k) => ({ name: k.name, expression: k.check_expression ?? '' }))
  return {
    name: table.name,
    checks: originalChecks.map((c) => ({ ...c, original: c.name })),
    keys: originalKeys.map((k) => ({ ...k, original: k.name })),
    columns: original.map(({ uniqueConstraint: _u, foreignKeyConstraint: _f, ...column }) => ({ ...column, original: column.name })),
    alterBase: {
      table: { schema: table.schema, name: table.name },
      original,
      primaryKeyConstraint: table.constraints.find((k) => k.type === 'p')?.name ?? null,
      originalChecks,
      originalKeys,
    },
  }
}

/** The primary key of a result row (text forms), or null when the table has none. */
export function rowKeyOf(table: CatalogueTable, row: Record<string, unknown>): RowKey | null {
  const key = primaryKeyColumns(table)
  if (key.length === 0) return null
  const types = new Map(table.columns.map((c) => [c.name, c.data_type]))
  return Object.fromEntries(key.map((name) => [name, toPostgresText(row[name], types.get(name) ?? 'text')]))
}

/** Types whose values the cell viewer shows as pretty JSON. */
export function isJsonType(dataType: string): boolean {
  return dataType === 'json' || dataType === 'jsonb'
}

/** Cell text in the grid (one line; the viewer shows the whole value). */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Cells longer than this open the viewer instead of showing everything. */
export const LONG_CELL_CHARS = 60

/** Whether a cell gets the viewer button (JSON, arrays, long text). */
export function needsViewer(value: unknown, column: CatalogueColumn | undefined): boolean {
  if (value === null || value === undefined) return false
  if (column && isJsonType(column.data_type)) return true
  return typeof value === 'object' || cellText(value).length > LONG_CELL_CHARS || cellText(value).includes('\n')
}

/** The whole value for the viewer: JSON pretty-printed, text as is. */
export function viewerText(value: unknown, dataType: string | undefined): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'object') return JSON.stringify(value, null, 2)
  if (dataType && isJsonType(dataType) && typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2)
    } catch {
      return value
    }
  }
  return String(value)
}
