import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useFunctionDependentsQuery } from '@/data/database/function-dependents-query'
import { useLanguagesQuery } from '@/data/database/languages-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { blankFunctionSpec, canReplace, createFunctionSql, updateFunctionSql, validateFunction, type DatabaseFunction } from '@/lib/database/functions'
import { FunctionFormFields } from './FunctionFormFields'
import { SidePanelForm } from './SidePanelForm'
import { useFunctionDraft } from './use-function-draft'
import dbStyles from './Database.module.css'

type Props = { access: ProjectAccess; schema: string; fn: DatabaseFunction | null; onClose: () => void }

/** Create or edit a function in a panel at the page's right edge; the SQL is shown before it runs. */
export function FunctionPanel({ access, schema, fn, onClose }: Props) {
  const id = useId()
  const draft = useFunctionDraft(fn?.spec ?? blankFunctionSpec(schema))
  const [submitted, setSubmitted] = useState(false)
  const schemas = useSchemasQuery(access.db)
  const languages = useLanguagesQuery(access.db)
  const readOnly = !access.canWrite
  const spec = draft.result

  const errors = validateFunction(spec)
  const valid = Object.keys(errors).length === 0
  const replacing = fn !== null && canReplace(fn.spec, spec)
  const recreating = fn !== null && !replacing
  const dependents = useFunctionDependentsQuery({ ...access.db, id: fn?.id, enabled: recreating })
  const sql = valid ? (fn ? updateFunctionSql(fn, spec) : createFunctionSql(spec)) : null
  const action = fn ? `edit function ${fn.schema}.${fn.name}` : `create function ${spec.schema}.${spec.name}`

  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(fn ? `Saved function ${spec.name}` : `Created function ${spec.name}`)
      onClose()
    },
  })
  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action })
  }
  const shown = submitted ? errors : {}
  const title = fn ? (readOnly ? `Function ${fn.name}` : `Edit function ${fn.name}`) : 'Create a function'

  return (
    <SidePanelForm access={access} title={title} submitLabel={fn ? 'Save function' : 'Create function'} pending={run.isPending} onSubmit={submit} onClose={onClose}>
        <FunctionFormFields id={id} draft={draft} errors={shown} schemas={(schemas.data ?? [{ name: spec.schema }]).map((s) => s.name)} languages={languages.data ?? ['plpgsql', 'sql']} readOnly={readOnly} />
        {languages.isError && <span className="field-error">Could not load the languages: {languages.error.message}</span>}
        {recreating && !readOnly && (
          <Admonition type="warning" role="note" title="The signature changes: the function is dropped and created again">
            CREATE OR REPLACE cannot change a function&apos;s name, schema, argument types or names, or what it returns, so both run in one
            transaction. Its grants and comment are not kept.
            {dependents.data && dependents.data.length > 0 && (
              <>
                {' '}These depend on it, so the drop fails until they are removed:
                <ul className={dbStyles.dependents}>
                  {dependents.data.map((object) => (
                    <li key={object}>{object}</li>
                  ))}
                </ul>
              </>
            )}
          </Admonition>
        )}
        {!readOnly && <SqlPreview sql={sql} open emptyText={submitted ? 'Fix the fields marked above to see the SQL.' : 'Complete the form to see the SQL.'} />}
        {run.isError && <SqlRunError error={run.error} title={fn ? 'The function was not saved' : 'The function was not created'} />}
    </SidePanelForm>
  )
}
