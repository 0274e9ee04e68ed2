import { useId } from 'react'
import { SelectField } from '@/components/ui/Field'
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
        <SelectField
          id={`${id}-schema`}
          label="Referenced schema"
          value={value.schema}
          onChange={(e) => set({ schema: e.target.value, table: '', column: '' })}
          options={(schemas.data ?? [{ name: value.schema }]).map((s) => s.name)}
        />
        <SelectField
          id={`${id}-table`}
          label="Referenced table"
          value={value.table}
          onChange={(e) => set({ table: e.target.value, column: '' })}
          options={tables.data?.filter((t) => t.kind === 'r' || t.kind === 'p').map((t) => t.name) ?? []}
        >
          <option value="">{tables.isPending ? 'Loading…' : 'Choose a table'}</option>
        </SelectField>
        <SelectField
          id={`${id}-column`}
          label="Referenced column"
          value={value.column}
          onChange={(e) => set({ column: e.target.value })}
          disabled={!value.table}
          options={[
            ...(target.data?.columns.map((c) => ({ value: c.name, label: `${c.name} (${c.data_type})` })) ?? []),
            ...(value.column && !target.data?.columns.some((c) => c.name === value.column) ? [value.column] : []),
          ]}
        >
          <option value="">{value.table && target.isPending ? 'Loading…' : 'Choose a column'}</option>
        </SelectField>
        {(['onDelete', 'onUpdate'] as const).map((key) => (
          <SelectField
            key={key}
            id={`${id}-${key}`}
            label={key === 'onDelete' ? 'On delete' : 'On update'}
            value={value[key]}
            onChange={(e) => set({ [key]: e.target.value as ForeignKeyAction })}
            options={FOREIGN_KEY_ACTIONS}
          />
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
