import { useId } from 'react'
import { asForeignKey, type TableKeyDraft } from '@/lib/sql/ddl-keys'
import type { DraftError } from '@/lib/sql/ddl'
import { ForeignKeyTargetFields } from './ForeignKeyFields'
import styles from './TableEditor.module.css'

type KeyFieldsProps = {
  keys: readonly (TableKeyDraft & { key: number })[]
  /** The form's column names, in table order (a key's columns are chosen from these). */
  columnNames: readonly string[]
  schema: string
  projectRef: string
  connectionString: string | null
  errors: DraftError[]
  onChange: (index: number, key: TableKeyDraft) => void
  onRemove: (index: number) => void
  onAdd: () => void
}

/** `columns` with `column` added (in table order) or taken out, each referenced column kept with its own. */
function toggleColumn(key: TableKeyDraft, column: string, on: boolean, columnNames: readonly string[]): TableKeyDraft {
  const chosen = new Set(key.columns)
  if (on) chosen.add(column)
  else chosen.delete(column)
  const columns = columnNames.filter((c) => chosen.has(c))
  if (key.kind === 'unique') return { ...key, columns }
  const referenceOf = new Map(key.columns.map((c, i) => [c, key.references[i] ?? '']))
  return { ...key, columns, references: columns.map((c) => referenceOf.get(c) ?? '') }
}

/**
 * The table's unique constraints and foreign keys over two or more columns: the kind, an optional
 * name, the columns, and for a foreign key the referenced table with one referenced column each.
 */
export function KeyFields({ keys, columnNames, schema, projectRef, connectionString, errors, onChange, onRemove, onAdd }: KeyFieldsProps) {
  const id = useId()
  const errorOf = (index: number, field: string) => errors.find((e) => e.field === `keys.${index}.${field}`)?.message
  return (
    <>
      <h3 className={styles.formHeading}>Keys over several columns</h3>
      {keys.length === 0 && <p className="muted" style={{ margin: 0 }}>No unique constraint or foreign key spans several columns.</p>}
      {keys.map((draft, index) => {
        const label = draft.name ? `Key ${draft.name}` : `Key ${index + 1}`
        const fieldId = `${id}-${index}`
        const nameError = errorOf(index, 'name')
        const columnsError = errorOf(index, 'columns')
        const { key: _key, ...value } = draft
        return (
          <div key={draft.key} className={styles.columnCard} role="group" aria-label={label}>
            <div className={styles.checkGrid}>
              <div className="field">
                <label className="label" htmlFor={`${fieldId}-kind`}>
                  Kind
                </label>
                <select
                  id={`${fieldId}-kind`}
                  className="select"
                  value={draft.kind}
                  onChange={(e) => onChange(index, e.target.value === 'foreign' ? { ...asForeignKey(value, schema), original: draft.original } : { kind: 'unique', name: draft.name, columns: draft.columns, original: draft.original })}
                >
                  <option value="unique">Unique</option>
                  <option value="foreign">Foreign key</option>
                </select>
              </div>
              <div className="field">
                <label className="label" htmlFor={`${fieldId}-name`}>
                  Constraint name
                </label>
                <input
                  id={`${fieldId}-name`}
                  className="input"
                  value={draft.name}
                  placeholder="Optional"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `${fieldId}-name-error` : undefined}
                  onChange={(e) => onChange(index, { ...value, name: e.target.value })}
                />
                {nameError && (
                  <span id={`${fieldId}-name-error`} className="field-error" role="alert">
                    {nameError}
                  </span>
                )}
              </div>
            </div>
            <fieldset className={styles.checks} style={{ border: 0, padding: 0, margin: 0 }} aria-describedby={columnsError ? `${fieldId}-columns-error` : undefined}>
              <legend className="label">Columns</legend>
              {columnNames.map((column) => (
                <label key={column}>
                  <input type="checkbox" checked={draft.columns.includes(column)} onChange={(e) => onChange(index, toggleColumn(value, column, e.target.checked, columnNames))} />
                  {column}
                </label>
              ))}
            </fieldset>
            {columnsError && (
              <span id={`${fieldId}-columns-error`} className="field-error" role="alert">
                {columnsError}
              </span>
            )}
            {value.kind === 'foreign' && (
              <ForeignKeyTargetFields
                projectRef={projectRef}
                connectionString={connectionString}
                value={value}
                referenceLabels={value.columns.map((c) => `${c} references`)}
                onChange={(target) => onChange(index, { ...value, ...target })}
                error={errorOf(index, 'table') ?? errorOf(index, 'references')}
              />
            )}
            <div>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => onRemove(index)} aria-label={`Remove ${label.toLowerCase()}`}>
                Remove key
              </button>
            </div>
          </div>
        )
      })}
      <div>
        <button type="button" className="btn btn-sm" onClick={onAdd}>
          Add key over several columns
        </button>
      </div>
    </>
  )
}
