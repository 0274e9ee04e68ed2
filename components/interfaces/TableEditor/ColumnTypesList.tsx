import { useColumnTypesQuery } from '@/data/database/column-types-query'

/** Types offered before the database's own are read (and if they cannot be); any valid type may be typed. */
export const COMMON_TYPES = [
  'int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'text', 'varchar', 'uuid', 'bool',
  'date', 'time', 'timestamp', 'timestamptz', 'interval', 'json', 'jsonb', 'bytea', 'inet', 'text[]',
]
export const TYPES_LIST_ID = 'table-editor-column-types'

/** The type field's suggestions: the database's own types from pg_type (built-ins, enums, arrays). */
export function ColumnTypesList({ projectRef, connectionString }: { projectRef: string; connectionString: string | null }) {
  const types = useColumnTypesQuery({ projectRef, connectionString })
  const values = types.data ? types.data.map((t) => ({ value: t.value, label: t.group })) : COMMON_TYPES.map((value) => ({ value, label: 'Built-in' }))
  return (
    <datalist id={TYPES_LIST_ID}>
      {values.map((t) => (
        <option key={t.value} value={t.value} label={t.label} />
      ))}
    </datalist>
  )
}
