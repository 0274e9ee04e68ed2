import { useState } from 'react'
import type { CatalogueColumn } from '@/lib/sql/table-description'
import { FILTER_OPERATOR_LABELS, FILTER_OPERATORS, filterTakesValue, type FilterOperator, type RowFilter } from '@/lib/sql/table-rows'
import styles from './TableEditor.module.css'

type FilterBarProps = {
  columns: readonly CatalogueColumn[]
  filters: readonly RowFilter[]
  onApply: (filters: RowFilter[]) => void
}

/**
 * Filters per column (=, <>, >, <, ILIKE, IS NULL, IS NOT NULL); they reach the server as
 * parameterised SQL when applied, not on every key stroke.
 */
export function FilterBar({ columns, filters, onApply }: FilterBarProps) {
  const [draft, setDraft] = useState<RowFilter[]>(() => (filters.length ? [...filters] : []))
  const update = (i: number, patch: Partial<RowFilter>) => setDraft((all) => all.map((f, j) => (j === i ? { ...f, ...patch } : f)))
  const add = () => setDraft((all) => [...all, { column: columns[0]?.name ?? '', operator: '=', value: '' }])

  return (
    <form
      className={styles.filters}
      aria-label="Filters"
      onSubmit={(e) => {
        e.preventDefault()
        onApply(draft.filter((f) => f.column))
      }}
    >
      {draft.length === 0 && <p className="muted" style={{ margin: 0 }}>No filters: all rows are shown.</p>}
      {draft.map((filter, i) => (
        <div key={i} className={styles.filterRow} role="group" aria-label={`Filter ${i + 1}`}>
          <select className="select" aria-label="Column" value={filter.column} onChange={(e) => update(i, { column: e.target.value })} style={{ width: 'auto' }}>
            {columns.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            className="select"
            aria-label="Operator"
            value={filter.operator}
            onChange={(e) => update(i, { operator: e.target.value as FilterOperator })}
            style={{ width: 'auto' }}
          >
            {FILTER_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {FILTER_OPERATOR_LABELS[op]}
              </option>
            ))}
          </select>
          {filterTakesValue(filter.operator) && (
            <input
              className="input"
              aria-label="Value"
              value={filter.value}
              placeholder={filter.operator === 'ilike' ? '%text%' : 'Value'}
              onChange={(e) => update(i, { value: e.target.value })}
              style={{ width: 'auto', flex: '1 1 8rem' }}
            />
          )}
          <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove filter ${i + 1}`} onClick={() => setDraft((all) => all.filter((_, j) => j !== i))}>
            Remove
          </button>
        </div>
      ))}
      <div className={styles.filterRow}>
        <button type="button" className="btn btn-sm" onClick={add} disabled={columns.length === 0}>
          Add filter
        </button>
        <button type="submit" className="btn btn-sm btn-primary">
          Apply filters
        </button>
        {filters.length > 0 && (
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            onClick={() => {
              setDraft([])
              onApply([])
            }}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  )
}
