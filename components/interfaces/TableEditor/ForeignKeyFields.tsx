import { useId } from 'react'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTableQuery } from '@/data/table-editor/table-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import { FOREIGN_KEY_ACTIONS, type ForeignKeyAction, type ForeignKeySpec } from '@/lib/sql/ddl'
import styles from './TableEditor.module.css'

type ForeignKeyFieldsProps = {
  projectRef: string
  connectionString: string | null
  value: ForeignKeySpec
  onChange: (value: ForeignKeySpec) => void
  error?: string
}

/** The referenced schema, table and column of a foreign key, and its ON DELETE / ON UPDATE actions. */
export function ForeignKeyFields({ projectRef, connectionString, value, onChange, error }: ForeignKeyFieldsProps) {
  const id = useId()
  const db = { projectRef, connectionString }
  const schemas = useSchemasQuery(db)
  const tables = useTablesQuery({ ...db, schema: value.schema })
  const targetId = tables.data?.find((t) => t.name === value.table && (t.kind === 'r' || t.kind === 'p'))?.id
  const target = useTableQuery({ ...db, id: targetId })
  const set = (patch: Partial<ForeignKeySpec>) => onChange({ ...value, ...patch })

  return (
    <fieldset className={styles.columnCard} style={{ margin: 0 }}>
      <legend className="label">Foreign key</legend>
      <div className={styles.columnGrid}>
        <div className="field">
          <label className="label" htmlFor={`${id}-schema`}>
            Referenced schema
          </label>
          <select id={`${id}-schema`} className="select" value={value.schema} onChange={(e) => set({ schema: e.target.value, table: '', column: '' })}>
            {(schemas.data ?? [{ name: value.schema }]).map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-table`}>
            Referenced table
          </label>
          <select id={`${id}-table`} className="select" value={value.table} onChange={(e) => set({ table: e.target.value, column: '' })}>
            <option value="">{tables.isPending ? 'Loading…' : 'Choose a table'}</option>
            {tables.data
              ?.filter((t) => t.kind === 'r' || t.kind === 'p')
              .map((t) => (
                <option key={t.id} value={t.name}>
                  {t.name}
                </option>
              ))}
          </select>
        </div>
        <div className="field">
          <label className="label" htmlFor={`${id}-column`}>
            Referenced column
          </label>
          <select id={`${id}-column`} className="select" value={value.column} onChange={(e) => set({ column: e.target.value })} disabled={!value.table}>
            <option value="">{value.table && target.isPending ? 'Loading…' : 'Choose a column'}</option>
            {target.data?.columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name} ({c.data_type})
              </option>
            ))}
            {value.column && !target.data?.columns.some((c) => c.name === value.column) && <option value={value.column}>{value.column}</option>}
          </select>
        </div>
        {(['onDelete', 'onUpdate'] as const).map((key) => (
          <div className="field" key={key}>
            <label className="label" htmlFor={`${id}-${key}`}>
              {key === 'onDelete' ? 'On delete' : 'On update'}
            </label>
            <select id={`${id}-${key}`} className="select" value={value[key]} onChange={(e) => set({ [key]: e.target.value as ForeignKeyAction })}>
              {FOREIGN_KEY_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {action}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  )
}
