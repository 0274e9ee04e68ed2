import { useId } from 'react'
import { SelectField } from '@/components/ui/Field'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTableQuery } from '@/data/table-editor/table-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import { FOREIGN_KEY_ACTIONS, type ForeignKeyAction, type ForeignKeySpec } from '@/lib/sql/ddl'
import styles from './TableEditor.module.css'

/** What a foreign key points at: the referenced table, one referenced column per local column, and its actions. */
export type ForeignKeyTarget = { schema: string; table: string; references: string[]; onDelete: ForeignKeyAction; onUpdate: ForeignKeyAction }

type ForeignKeyTargetFieldsProps = {
  projectRef: string
  connectionString: string | null
  value: ForeignKeyTarget
  /** The label of each referenced-column select, one per local column. */
  referenceLabels: string[]
  onChange: (value: ForeignKeyTarget) => void
  error?: string
}

/** The referenced schema, table and columns of a foreign key (of one column or several), and its ON DELETE / ON UPDATE actions. */
export function ForeignKeyTargetFields({ projectRef, connectionString, value, referenceLabels, onChange, error }: ForeignKeyTargetFieldsProps) {
  const id = useId()
  const db = { projectRef, connectionString }
  const schemas = useSchemasQuery(db)
  const tables = useTablesQuery({ ...db, schema: value.schema })
  const targetId = tables.data?.find((t) => t.name === value.table && (t.kind === 'r' || t.kind === 'p'))?.id
  const target = useTableQuery({ ...db, id: targetId })
  const set = (patch: Partial<ForeignKeyTarget>) => onChange({ ...value, ...patch })
  const blank = referenceLabels.map(() => '')

  return (
    <fieldset className={styles.columnCard} style={{ margin: 0 }}>
      <legend className="label">Foreign key</legend>
      <div className={styles.columnGrid}>
        <SelectField
          id={`${id}-schema`}
          label="Referenced schema"
          value={value.schema}
          onChange={(e) => set({ schema: e.target.value, table: '', references: blank })}
          options={(schemas.data ?? [{ name: value.schema }]).map((s) => s.name)}
        />
        <SelectField
          id={`${id}-table`}
          label="Referenced table"
          value={value.table}
          onChange={(e) => set({ table: e.target.value, references: blank })}
          options={tables.data?.filter((t) => t.kind === 'r' || t.kind === 'p').map((t) => t.name) ?? []}
        >
          <option value="">{tables.isPending ? 'Loading…' : 'Choose a table'}</option>
        </SelectField>
        {referenceLabels.map((label, i) => {
          const chosen = value.references[i] ?? ''
          return (
            <SelectField
              key={label}
              id={`${id}-column-${i}`}
              label={label}
              value={chosen}
              onChange={(e) => set({ references: referenceLabels.map((_, j) => (j === i ? e.target.value : (value.references[j] ?? ''))) })}
              disabled={!value.table}
              options={[
                ...(target.data?.columns.map((c) => ({ value: c.name, label: `${c.name} (${c.data_type})` })) ?? []),
                ...(chosen && !target.data?.columns.some((c) => c.name === chosen) ? [chosen] : []),
              ]}
            >
              <option value="">{value.table && target.isPending ? 'Loading…' : 'Choose a column'}</option>
            </SelectField>
          )
        })}
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

type ForeignKeyFieldsProps = Omit<ForeignKeyTargetFieldsProps, 'value' | 'onChange' | 'referenceLabels'> & {
  value: ForeignKeySpec
  onChange: (value: ForeignKeySpec) => void
}

/** The foreign key of one column: a target with one referenced column. */
export function ForeignKeyFields({ value, onChange, ...props }: ForeignKeyFieldsProps) {
  const { column, ...rest } = value
  return (
    <ForeignKeyTargetFields
      {...props}
      value={{ ...rest, references: [column] }}
      referenceLabels={['Referenced column']}
      onChange={({ references, ...target }) => onChange({ ...target, column: references[0] ?? '' })}
    />
  )
}
