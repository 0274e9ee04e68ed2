/**
 * Table-level keys of the table panel: unique constraints and foreign keys over two or more
 * columns (a single-column one is a flag of its column, see `ColumnSpec`). Pure, like the rest of
 * lib/sql/ddl: the panel previews exactly these statements.
 */
import { FOREIGN_KEY_ACTIONS, isNameTooLong, NAME_TOO_LONG, type ForeignKeyAction } from './ddl-base'
import { quoteIdent, quoteQualified } from './identifiers'

export { FOREIGN_KEY_ACTIONS, type ForeignKeyAction }

/** A unique constraint or a foreign key over `columns` (in order); `name` empty lets Postgres name it. */
export type TableKeySpec =
  | { kind: 'unique'; name: string; columns: string[] }
  | {
      kind: 'foreign'
      name: string
      columns: string[]
      /** The referenced table and its columns, one per entry of `columns`. */
      schema: string
      table: string
      references: string[]
      onDelete: ForeignKeyAction
      onUpdate: ForeignKeyAction
    }

/** A key of the alter form: `original` names the existing constraint it stands for. */
export type TableKeyDraft = TableKeySpec & { original?: string }

export const BLANK_UNIQUE_KEY: TableKeySpec = { kind: 'unique', name: '', columns: [] }

/** The foreign-key shape of `key`, keeping its name and columns (for the kind switch of the form). */
export function asForeignKey(key: TableKeySpec, schema: string): Extract<TableKeySpec, { kind: 'foreign' }> {
  if (key.kind === 'foreign') return key
  return { kind: 'foreign', name: key.name, columns: key.columns, schema, table: '', references: key.columns.map(() => ''), onDelete: 'NO ACTION', onUpdate: 'NO ACTION' }
}

/** What is wrong with the keys of a form whose columns are `columnNames`. */
export function validateTableKeys(keys: readonly TableKeySpec[], columnNames: readonly string[]): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = []
  const known = new Set(columnNames)
  keys.forEach((key, i) => {
    const at = (field: string) => `keys.${i}.${field}`
    if (isNameTooLong(key.name)) errors.push({ field: at('name'), message: NAME_TOO_LONG })
    const missing = key.columns.find((c) => !known.has(c))
    if (missing !== undefined) errors.push({ field: at('columns'), message: `The table has no column ${missing}` })
    else if (key.columns.length < 2) errors.push({ field: at('columns'), message: 'Choose two or more columns (a one-column key is set on its column)' })
    else if (new Set(key.columns).size !== key.columns.length) errors.push({ field: at('columns'), message: 'Each column may appear once' })
    if (key.kind === 'foreign') {
      if (!key.schema || !key.table) errors.push({ field: at('table'), message: 'Choose the referenced table' })
      else if (key.references.length !== key.columns.length || key.references.some((r) => r === '')) {
        errors.push({ field: at('references'), message: 'Choose the referenced column of each column' })
      }
    }
  })
  return errors
}

/** `[CONSTRAINT "name"] UNIQUE (…)` or `[CONSTRAINT "name"] FOREIGN KEY (…) REFERENCES … (…) [ON DELETE …] [ON UPDATE …]`. */
export function tableKeyClause(key: TableKeySpec): string {
  const name = key.name.trim()
  const columns = key.columns.map(quoteIdent).join(', ')
  let clause = `${name ? `CONSTRAINT ${quoteIdent(name)} ` : ''}${key.kind === 'unique' ? 'UNIQUE' : 'FOREIGN KEY'} (${columns})`
  if (key.kind === 'foreign') {
    clause += ` REFERENCES ${quoteQualified(key.schema, key.table)} (${key.references.map(quoteIdent).join(', ')})`
    if (key.onDelete !== 'NO ACTION') clause += ` ON DELETE ${key.onDelete}`
    if (key.onUpdate !== 'NO ACTION') clause += ` ON UPDATE ${key.onUpdate}`
  }
  return clause
}

function sameKey(a: TableKeySpec, b: TableKeySpec): boolean {
  if (a.kind !== b.kind || a.columns.join('\0') !== b.columns.join('\0')) return false
  if (a.kind === 'unique' || b.kind === 'unique') return true
  return a.schema === b.schema && a.table === b.table && a.references.join('\0') === b.references.join('\0') && a.onDelete === b.onDelete && a.onUpdate === b.onUpdate
}

/**
 * The ALTER clauses that turn `original` keys into `keys`: a removed or changed key is dropped (and
 * a changed one added again), a key only renamed is renamed. `originalName` maps a draft column's
 * name to the name it has in the database now (column renames run between the drops and the adds),
 * so a key that follows a renamed column is not seen as changed.
 */
export function alterTableKeyClauses(original: readonly TableKeySpec[], keys: readonly TableKeyDraft[], originalName: (column: string) => string): { drops: string[]; renames: string[]; additions: string[] } {
  const drops: string[] = []
  const renames: string[] = []
  const additions: string[] = []
  const drafts = new Map(keys.filter((k) => k.original !== undefined).map((k) => [k.original as string, k]))
  const unchanged = new Set<TableKeyDraft>()
  for (const before of original) {
    const draft = drafts.get(before.name)
    const asBefore = draft && { ...draft, columns: draft.columns.map(originalName) }
    if (!draft || !asBefore || !sameKey(before, asBefore)) {
      drops.push(`DROP CONSTRAINT ${quoteIdent(before.name)}`)
      continue
    }
    unchanged.add(draft)
    if (draft.name.trim() !== '' && draft.name.trim() !== before.name) renames.push(`RENAME CONSTRAINT ${quoteIdent(before.name)} TO ${quoteIdent(draft.name.trim())}`)
  }
  for (const key of keys) if (!unchanged.has(key)) additions.push(`ADD ${tableKeyClause(key)}`)
  return { drops, renames, additions }
}
