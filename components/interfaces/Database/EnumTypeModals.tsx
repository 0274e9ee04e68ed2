import { useId, useState, type ReactNode } from 'react'
import { toast } from 'sonner'
import { SelectField, TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import {
  addEnumValueSql,
  dropEnumTypeSql,
  enumUses,
  enumValueProblem,
  renameEnumTypeSql,
  renameEnumValueSql,
  typeNameProblem,
  type EnumType,
} from '@/lib/database/enum-types'
import type { ProjectAccess } from '@/hooks/use-project-access'
import styles from './Database.module.css'
import own from './TypesIndexes.module.css'

type ModalProps = { access: ProjectAccess; type: EnumType; onClose: () => void }

/** A small form that runs one script: its fields, the SQL once they are valid, its failure in place. */
function ScriptForm(props: {
  access: ProjectAccess
  title: string
  submitLabel: string
  sql: string | null
  action: string
  done: string
  failedTitle: string
  onSubmitted: () => void
  onClose: () => void
  children: ReactNode
}) {
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(props.done)
      props.onClose()
    },
  })
  return (
    <FormModal
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={props.title}
      submitLabel={props.submitLabel}
      pending={run.isPending}
      formClassName={styles.form}
      onSubmit={() => {
        props.onSubmitted()
        if (props.sql) run.mutate({ ...props.access.db, sql: props.sql, action: props.action })
      }}
    >
      {props.children}
      <SqlPreview sql={props.sql} open emptyText="Complete the form to see the SQL." />
      {run.isError && <SqlRunError error={run.error} title={props.failedTitle} />}
    </FormModal>
  )
}

const label = (type: EnumType) => `${type.schema}.${type.name}`

/** ALTER TYPE … ADD VALUE: at the end, or before or after an existing value. */
export function AddEnumValueModal({ access, type, onClose }: ModalProps) {
  const id = useId()
  const [value, setValue] = useState('')
  const [position, setPosition] = useState('end')
  const [submitted, setSubmitted] = useState(false)
  const problem = enumValueProblem(value, type.values)
  const [placement, anchor] = position === 'end' ? [null, null] : (JSON.parse(position) as ['BEFORE' | 'AFTER', string])
  const sql = problem ? null : addEnumValueSql(type, value, placement && anchor !== null ? { placement, anchor } : null)
  const positions = [
    { value: 'end', label: 'At the end' },
    ...type.values.flatMap((v) => [
      { value: JSON.stringify(['BEFORE', v]), label: `Before ${v}` },
      { value: JSON.stringify(['AFTER', v]), label: `After ${v}` },
    ]),
  ]
  return (
    <ScriptForm
      access={access}
      title={`Add a value to ${label(type)}`}
      submitLabel="Add value"
      sql={sql}
      action={`add value to type ${label(type)}`}
      done={`Added ${value} to ${label(type)}`}
      failedTitle="The value was not added"
      onSubmitted={() => setSubmitted(true)}
      onClose={onClose}
    >
      <TextField id={`${id}-value`} label="Value" value={value} onChange={(e) => setValue(e.target.value)} error={submitted ? problem : undefined} errorId={`${id}-value-error`} />
      <SelectField id={`${id}-position`} label="Position" value={position} onChange={(e) => setPosition(e.target.value)} options={positions} />
      <p className="field-hint" style={{ margin: 0 }}>
        Values cannot be removed or reordered once added: Postgres keeps each value where it was put.
      </p>
    </ScriptForm>
  )
}

/** ALTER TYPE … RENAME VALUE. */
export function RenameEnumValueModal({ access, type, onClose }: ModalProps) {
  const id = useId()
  const [from, setFrom] = useState(type.values[0] ?? '')
  const [to, setTo] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const problem = to === from && to !== '' ? 'Enter a value different from the current one' : enumValueProblem(to, type.values)
  const sql = problem || !from ? null : renameEnumValueSql(type, from, to)
  return (
    <ScriptForm
      access={access}
      title={`Rename a value of ${label(type)}`}
      submitLabel="Rename value"
      sql={sql}
      action={`rename value of type ${label(type)}`}
      done={`Renamed ${from} to ${to}`}
      failedTitle="The value was not renamed"
      onSubmitted={() => setSubmitted(true)}
      onClose={onClose}
    >
      <SelectField id={`${id}-from`} label="Value" value={from} onChange={(e) => setFrom(e.target.value)} options={type.values} />
      <TextField
        id={`${id}-to`}
        label="New value"
        value={to}
        onChange={(e) => setTo(e.target.value)}
        error={submitted ? problem : undefined}
        errorId={`${id}-to-error`}
        hint="Rows holding the value read the new one."
      />
    </ScriptForm>
  )
}

/** ALTER TYPE … RENAME TO. */
export function RenameEnumTypeModal({ access, type, taken, onClose }: ModalProps & { taken: readonly string[] }) {
  const id = useId()
  const [name, setName] = useState(type.name)
  const [submitted, setSubmitted] = useState(false)
  const problem = typeNameProblem(name, type.name, taken)
  const sql = problem ? null : renameEnumTypeSql(type, name)
  return (
    <ScriptForm
      access={access}
      title={`Rename type ${label(type)}`}
      submitLabel="Rename type"
      sql={sql}
      action={`rename type ${label(type)}`}
      done={`Renamed ${label(type)} to ${type.schema}.${name}`}
      failedTitle="The type was not renamed"
      onSubmitted={() => setSubmitted(true)}
      onClose={onClose}
    >
      <TextField id={`${id}-name`} label="New name" value={name} onChange={(e) => setName(e.target.value)} error={submitted ? problem : undefined} errorId={`${id}-name-error`} />
    </ScriptForm>
  )
}

/** DROP TYPE: what uses the type first; CASCADE only once the member confirms it. */
export function DropEnumTypeModal({ access, type, onClose }: ModalProps) {
  const id = useId()
  const [cascade, setCascade] = useState(false)
  const uses = enumUses(type)
  const used = uses.columns.length + uses.functions.length > 0
  return (
    <ScriptConfirmModal
      access={access}
      title={`Drop type ${label(type)}`}
      confirmLabel="Drop type"
      pendingLabel="Dropping…"
      sql={dropEnumTypeSql(type, used && cascade)}
      action={`drop type ${label(type)}`}
      done={`Dropped ${label(type)}`}
      failedTitle="The type was not dropped"
      disabled={used && !cascade}
      size="medium"
      onClose={onClose}
    >
      {used ? (
        <>
          <p style={{ margin: 0 }}>These use the type and would be dropped with it:</p>
          {uses.columns.length > 0 && (
            <div>
              <strong>Columns</strong>
              <ul className={own.uses} aria-label="Columns using the type">
                {uses.columns.map((c) => (
                  <li key={c} className={styles.mono}>
                    {c}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {uses.functions.length > 0 && (
            <div>
              <strong>Functions</strong>
              <ul className={own.uses} aria-label="Functions using the type">
                {uses.functions.map((f) => (
                  <li key={f} className={styles.mono}>
                    {f}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <label htmlFor={`${id}-cascade`} style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}>
            <input id={`${id}-cascade`} type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
            Also drop these columns and functions (CASCADE)
          </label>
        </>
      ) : (
        <p style={{ margin: 0 }}>No column or function uses this type. This cannot be undone.</p>
      )}
    </ScriptConfirmModal>
  )
}
