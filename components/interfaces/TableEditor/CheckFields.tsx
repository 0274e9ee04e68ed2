import { useId } from 'react'
import type { CheckDraft, DraftError } from '@/lib/sql/ddl'
import styles from './TableEditor.module.css'

type CheckFieldsProps = {
  checks: readonly (CheckDraft & { key: number })[]
  errors: DraftError[]
  onChange: (index: number, check: CheckDraft) => void
  onRemove: (index: number) => void
  onAdd: () => void
}

/** The table's check constraints: a name (optional on create) and the condition each row must meet. */
export function CheckFields({ checks, errors, onChange, onRemove, onAdd }: CheckFieldsProps) {
  const id = useId()
  const errorOf = (index: number, field: string) => errors.find((e) => e.field === `checks.${index}.${field}`)?.message
  return (
    <>
      <h3 className={styles.formHeading}>Check constraints</h3>
      {checks.length === 0 && <p className="muted" style={{ margin: 0 }}>No check constraints.</p>}
      {checks.map((check, index) => {
        const label = check.name ? `Check ${check.name}` : `Check ${index + 1}`
        return (
          <div key={check.key} className={styles.columnCard} role="group" aria-label={label}>
            <div className={styles.checkGrid}>
              {(['name', 'expression'] as const).map((field) => {
                const error = errorOf(index, field)
                const fieldId = `${id}-${index}-${field}`
                return (
                  <div className="field" key={field}>
                    <label className="label" htmlFor={fieldId}>
                      {field === 'name' ? 'Constraint name' : 'Condition'}
                    </label>
                    <input
                      id={fieldId}
                      className={`input ${field === 'expression' ? styles.mono : ''}`}
                      value={check[field]}
                      placeholder={field === 'name' ? 'Optional' : 'e.g. price > 0'}
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${fieldId}-error` : undefined}
                      onChange={(e) => onChange(index, { ...check, [field]: e.target.value })}
                    />
                    {error && (
                      <span id={`${fieldId}-error`} className="field-error" role="alert">
                        {error}
                      </span>
                    )}
                  </div>
                )
              })}
            </div>
            <div>
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => onRemove(index)} aria-label={`Remove ${label.toLowerCase()}`}>
                Remove check
              </button>
            </div>
          </div>
        )
      })}
      <div>
        <button type="button" className="btn btn-sm" onClick={onAdd}>
          Add check constraint
        </button>
      </div>
    </>
  )
}
