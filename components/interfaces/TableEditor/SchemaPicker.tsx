import { useId } from 'react'
import { SelectField } from '@/components/ui/Field'
import type { Schema } from '@/data/table-editor/schemas-query'

/** The schema select of the table list (excluded schemas never reach it, spec §5). */
export function SchemaPicker({ schemas, value, onChange }: { schemas: readonly Schema[]; value: string | undefined; onChange: (schema: string) => void }) {
  const id = useId()
  const names = schemas.map((s) => s.name)
  // A schema from the URL or the open table that the list does not hold still shows as chosen.
  if (value && !names.includes(value)) names.unshift(value)
  return (
    <SelectField id={id} label="Schema" value={value ?? ''} onChange={(e) => onChange(e.target.value)} options={names} />
  )
}
