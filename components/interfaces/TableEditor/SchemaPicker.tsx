import { useId } from 'react'
import type { Schema } from '@/data/table-editor/schemas-query'

/** The schema select of the table list (excluded schemas never reach it, spec §5). */
export function SchemaPicker({ schemas, value, onChange }: { schemas: readonly Schema[]; value: string | undefined; onChange: (schema: string) => void }) {
  const id = useId()
  const names = schemas.map((s) => s.name)
  // A schema from the URL or the open table that the list does not hold still shows as chosen.
  if (value && !names.includes(value)) names.unshift(value)
  return (
    <div className="field">
      <label className="label" htmlFor={id}>
        Schema
      </label>
      <select id={id} className="select" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  )
}
