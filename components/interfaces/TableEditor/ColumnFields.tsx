import { useId } from 'react'
import { commonDefaults } from '@/lib/database/column-types'
import type { ColumnDraft, DraftError } from '@/lib/sql/ddl'
import { TYPES_LIST_ID } from './ColumnTypesList'
import { ForeignKeyFields } from './ForeignKeyFields'
import styles from './TableEditor.module.css'

type ColumnFieldsProps = {
  index: number
  column: ColumnDraft
  errors: DraftError[]
  schema: string
  projectRef: string
  connectionString: string | null
  onChange: (column: ColumnDraft) => void
  onRemove: () => void
}

/** One column of the table form: name, type, default, the flags, and an optional foreign key. */
export function ColumnFields({ index, column, errors, schema, projectRef, connectionString, onChange, onRemove }: ColumnFieldsProps) {
  const id = useId()
  const errorOf = (field: string) => errors.find((e) => e.field === `columns.${index}.${field}`)?.message
  const set = (patch: Partial<ColumnDraft>) => onChange({ ...column, ...patch })
  const label = column.name ? `Column ${column.name}` : `Column ${index + 1}`
  const defaults = commonDefaults(column.type)

  const text = (field: 'name' | 'type' | 'defaultValue', caption: string, extra: Record<string, unknown> = {}) => {
    const error = errorOf(field)
    return (
      <div className="field">
        <label className="label" htmlFor={`${id}-${field}`}>
          {caption}
        </label>
        <input
          id={`${id}-${field}`}
          className={`input ${field === 'name' ? '' : styles.mono}`}
          value={column[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${field}-error` : undefined}
          onChange={(e) => set({ [field]: e.target.value })}
          {...extra}
        />
        {error && (
          <span id={`${id}-${field}-error`} className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    )
  }

  const check = (field: 'isPrimaryKey' | 'isIdentity' | 'isNullable' | 'isUnique', caption: string, onToggle: (checked: boolean) => Partial<ColumnDraft>) => (
    <label>
      <input type="checkbox" checked={column[field]} onChange={(e) => set(onToggle(e.target.checked))} disabled={field === 'isNullable' && (column.isPrimaryKey || column.isIdentity)} />
      {caption}
    </label>
  )

  return (
    <div className={styles.columnCard} role="group" aria-label={label}>
      <div className={styles.columnGrid}>
        {text('name', 'Name', { autoComplete: 'off' })}
        {text('type', 'Type', { list: TYPES_LIST_ID, autoComplete: 'off', spellCheck: false })}
        {text('defaultValue', 'Default value', {
          placeholder: column.isIdentity ? 'Generated' : 'SQL expression, e.g. now()',
          disabled: column.isIdentity,
          spellCheck: false,
          list: `${id}-defaults`,
          autoComplete: 'off',
        })}
        <datalist id={`${id}-defaults`}>
          {defaults.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      </div>
      <div className={styles.checks}>
        {check('isPrimaryKey', 'Primary key', (on) => ({ isPrimaryKey: on, ...(on ? { isNullable: false } : {}) }))}
        {check('isIdentity', 'Identity', (on) => ({ isIdentity: on, ...(on ? { isNullable: false, defaultValue: '' } : {}) }))}
        {check('isNullable', 'Nullable', (on) => ({ isNullable: on }))}
        {check('isUnique', 'Unique', (on) => ({ isUnique: on }))}
        {column.isIdentity && (
          <label>
            Generated
            <select className="select" aria-label="Identity generated" value={column.identityAlways ? 'always' : 'by default'} onChange={(e) => set({ identityAlways: e.target.value === 'always' })}>
              <option value="by default">by default</option>
              <option value="always">always</option>
            </select>
          </label>
        )}
        {errorOf('isIdentity') && (
          <span className="field-error" role="alert">
            {errorOf('isIdentity')}
          </span>
        )}
      </div>
      {column.foreignKey ? (
        <>
          <ForeignKeyFields
            projectRef={projectRef}
            connectionString={connectionString}
            value={column.foreignKey}
            onChange={(foreignKey) => set({ foreignKey })}
            error={errorOf('foreignKey')}
          />
          <div>
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => set({ foreignKey: null })}>
              Remove foreign key
            </button>
          </div>
        </>
      ) : null}
      <div style={{ display: 'flex', gap: '0.4rem', flexWrap: 'wrap' }}>
        {!column.foreignKey && (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => set({ foreignKey: { schema, table: '', column: '', onDelete: 'NO ACTION', onUpdate: 'NO ACTION' } })}
          >
            Add foreign key
          </button>
        )}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onRemove} aria-label={`Remove column ${column.name || index + 1}`}>
          Remove column
        </button>
      </div>
    </div>
  )
}
