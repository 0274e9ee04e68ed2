/**
 * SQL the table editor writes for rows: inserts, edits and deletes of rows found by their primary
 * key, and the text form of a value as Postgres reads it. Pure, so the dialogs preview what runs.
 */
import { quoteIdent, quoteLiteral, quoteQualified } from './identifiers'
import { inTransaction, type TableRef } from './ddl'

/** What a row form says about one column: a value (Postgres text form), NULL, or the column default. */
export type CellInput = { kind: 'value'; text: string } | { kind: 'null' } | { kind: 'default' }

/** A JS value of a result row back to the text form Postgres reads (`null` for SQL NULL). */
export function toPostgresText(value: unknown, dataType: string): string | null {
  if (value === null || value === undefined) return null
  const isJson = /^jsonb?$/.test(dataType.trim())
  if (isJson) return typeof value === 'string' && dataType.trim() === 'json' ? value : JSON.stringify(value)
  if (Array.isArray(value)) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL'
    if (Array.isArray(v)) return arrayLiteral(v)
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v)
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
  })
  return `{${items.join(',')}}`
}

/** The primary key of a row: column name → its value's text form. */
export type RowKey = Record<string, string | null>

function keyCondition(key: RowKey): string {
  const parts = Object.entries(key).map(([column, text]) => (text === null ? `${quoteIdent(column)} IS NULL` : `${quoteIdent(column)} = ${quoteLiteral(text)}`))
  if (parts.length === 0) throw new Error('A row is identified by its primary key; this table has none')
  return parts.join(' AND ')
}

/** INSERT of one row; columns left to their default are omitted. */
export function insertRowSql(table: TableRef, values: Record<string, CellInput>): string {
  const given = Object.entries(values).filter(([, input]) => input.kind !== 'default')
  const target = quoteQualified(table.schema, table.name)
  if (given.length === 0) return inTransaction([`INSERT INTO ${target} DEFAULT VALUES`])
  const columns = given.map(([name]) => quoteIdent(name)).join(', ')
  const row = given.map(([, input]) => (input.kind === 'value' ? quoteLiteral(input.text) : 'NULL')).join(', ')
  return inTransaction([`INSERT INTO ${target} (${columns})\nVALUES (${row})`])
}

/** UPDATE of one row found by its primary key; null when nothing changed. */
export function updateRowSql(table: TableRef, key: RowKey, changes: Record<string, CellInput>): string | null {
  const sets = Object.entries(changes)
    .map(([name, input]) => {
      const value = input.kind === 'value' ? quoteLiteral(input.text) : input.kind === 'null' ? 'NULL' : 'DEFAULT'
      return `${quoteIdent(name)} = ${value}`
    })
  if (sets.length === 0) return null
  return inTransaction([`UPDATE ${quoteQualified(table.schema, table.name)}\nSET ${sets.join(', ')}\nWHERE ${keyCondition(key)}`])
}

/** DELETE of the rows with these primary keys. */
export function deleteRowsSql(table: TableRef, keys: readonly RowKey[]): string {
  if (keys.length === 0) throw new Error('No rows to delete')
  const where = keys.length === 1 ? keyCondition(keys[0]) : keys.map((key) => `(${keyCondition(key)})`).join('\n   OR ')
  return inTransaction([`DELETE FROM ${quoteQualified(table.schema, table.name)}\nWHERE ${where}`])
}
