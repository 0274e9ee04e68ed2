import { useId, useState } from 'react'
import { toast } from 'sonner'
import { SelectField, TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { createEnumTypeSql, isValidEnumType, moveItem, validateEnumType, type EnumType } from '@/lib/database/enum-types'
import type { ProjectAccess } from '@/hooks/use-project-access'
import styles from './Database.module.css'
import own from './TypesIndexes.module.css'

/** Create an enum type: name, schema, and its values in order (a list to add to, reorder and trim). */
export function CreateEnumTypeModal({ access, types, onClose }: { access: ProjectAccess; types: readonly EnumType[]; onClose: () => void }) {
  const id = useId()
  const schemas = useSchemasQuery(access.db)
  const [name, setName] = useState('')
  const [schema, setSchema] = useState('public')
  const [values, setValues] = useState<string[]>([''])
  const [submitted, setSubmitted] = useState(false)

  const spec = { schema, name, values }
  const errors = validateEnumType(
    spec,
    types.filter((t) => t.schema === schema).map((t) => t.name)
  )
  const valid = isValidEnumType(errors)
  const sql = valid ? createEnumTypeSql(spec) : null
  const show = <T,>(error: T) => (submitted ? error : undefined)

  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Created type ${schema}.${name}`)
      onClose()
    },
  })
  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action: `create type ${schema}.${name}` })
  }
  const setValue = (index: number, value: string) => setValues((list) => list.map((v, i) => (i === index ? value : v)))

  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create an enumerated type"
      description="A type whose values are a fixed, ordered list of labels (CREATE TYPE … AS ENUM)."
      size="large"
      submitLabel="Create type"
      pendingLabel="Creating…"
      pending={run.isPending}
      formClassName={styles.form}
      onSubmit={submit}
    >
      <div className={styles.row}>
        <TextField id={`${id}-name`} label="Name" value={name} onChange={(e) => setName(e.target.value)} placeholder="order_status" error={show(errors.name)} errorId={`${id}-name-error`} />
        <SelectField
          id={`${id}-schema`}
          label="Schema"
          value={schema}
          onChange={(e) => setSchema(e.target.value)}
          options={(schemas.data ?? [{ name: schema }]).map((s) => s.name)}
          error={show(errors.schema)}
          errorId={`${id}-schema-error`}
        />
      </div>
      <fieldset className={styles.checks} style={{ display: 'block' }} aria-describedby={show(errors.values) ? `${id}-values-error` : undefined}>
        <legend>Values, in order</legend>
        <ol className={own.valueList}>
          {values.map((value, index) => (
            <li key={index} className={own.valueItem}>
              <span className={own.order} aria-hidden="true">
                {index + 1}.
              </span>
              <TextField
                id={`${id}-value-${index}`}
                label={<span className="visually-hidden">Value {index + 1}</span>}
                value={value}
                onChange={(e) => setValue(index, e.target.value)}
                error={show(errors.valueErrors[index] ?? undefined)}
                errorId={`${id}-value-${index}-error`}
              />
              <button type="button" className="btn btn-sm" aria-label={`Move value ${index + 1} up`} disabled={index === 0} onClick={() => setValues((l) => moveItem(l, index, index - 1))}>
                ↑
              </button>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Move value ${index + 1} down`}
                disabled={index === values.length - 1}
                onClick={() => setValues((l) => moveItem(l, index, index + 1))}
              >
                ↓
              </button>
              <button type="button" className="btn btn-sm" aria-label={`Remove value ${index + 1}`} onClick={() => setValues((l) => l.filter((_, i) => i !== index))}>
                Remove
              </button>
            </li>
          ))}
        </ol>
        <button type="button" className="btn btn-sm" onClick={() => setValues((l) => [...l, ''])}>
          Add value
        </button>
        {show(errors.values) && (
          <span id={`${id}-values-error`} className="field-error" style={{ display: 'block' }}>
            {errors.values}
          </span>
        )}
      </fieldset>
      <SqlPreview sql={sql} open emptyText="Complete the form to see the SQL." />
      {run.isError && <SqlRunError error={run.error} title="The type was not created" />}
    </FormModal>
  )
}
