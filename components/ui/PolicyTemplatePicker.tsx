import { useId, useState } from 'react'
import { SelectField } from './Field'
import type { PolicySpec, PolicyTable } from '@/lib/database/policies'
import { BLANK_POLICY, defaultUserColumn, POLICY_TEMPLATES } from '@/lib/database/policy-templates'
import styles from './PolicyForm.module.css'

/** The first step of a new policy: a template (with the column holding the user's id) or a blank form. */
export function PolicyTemplatePicker({ table, onPick }: { table: PolicyTable; onPick: (spec: PolicySpec) => void }) {
  const id = useId()
  const [column, setColumn] = useState(defaultUserColumn(table))
  return (
    <div className={styles.form}>
      {column !== null ? (
        <SelectField
          id={`${id}-column`}
          label="Column holding the user's id"
          hint="Used by the “own rows” templates: compared with (select auth.uid())."
          value={column}
          onChange={(e) => setColumn(e.target.value)}
          options={table.uuidColumns}
        />
      ) : (
        <p className="field-hint" style={{ margin: 0 }}>
          The “own rows” templates need a uuid column holding the user&apos;s id, e.g. <code>user_id uuid references auth.users</code>. This table has none.
        </p>
      )}
      <ul className={styles.templates} aria-label="Templates">
        {POLICY_TEMPLATES.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              className={`btn ${styles.template}`}
              disabled={template.needsUserColumn && column === null}
              onClick={() => onPick(template.build(column ?? ''))}
            >
              {template.label}
              <span>{template.description}</span>
            </button>
          </li>
        ))}
        <li>
          <button type="button" className={`btn ${styles.template}`} onClick={() => onPick(BLANK_POLICY)}>
            Blank policy
            <span>Start from an empty form and write the expressions yourself.</span>
          </button>
        </li>
      </ul>
    </div>
  )
}
