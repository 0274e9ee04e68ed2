import dynamic from 'next/dynamic'
import { Admonition } from '@/components/ui/Admonition'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { SelectField, TextField } from '@/components/ui/Field'
import { RETURN_KINDS, VOLATILITIES, type FunctionSpecErrors, type ReturnKind, type Volatility } from '@/lib/database/functions'
import { FunctionArgumentsFields } from './FunctionArgumentsFields'
import type { FunctionDraft } from './use-function-draft'
import dbStyles from './Database.module.css'

// Monaco loads with the panel, never with the list.
const FunctionBodyEditor = dynamic(() => import('./FunctionBodyEditor').then((m) => m.FunctionBodyEditor), { ssr: false, loading: () => <EditorLoading /> })

const RETURN_LABELS: Record<ReturnKind, string> = { type: 'A value of a type', setof: 'A set of a type (SETOF)', table: 'A table (RETURNS TABLE)', void: 'Nothing (void)', trigger: 'trigger (for triggers)' }

type Props = {
  id: string
  draft: FunctionDraft
  errors: FunctionSpecErrors
  schemas: string[]
  languages: string[]
  readOnly: boolean
}

/** The fields of the function form: name and schema, arguments, result, language, volatility, security, body. */
export function FunctionFormFields({ id, draft, errors, schemas, languages, readOnly }: Props) {
  const { spec, update } = draft
  const err = (field: keyof FunctionSpecErrors) => ({ error: errors[field], errorId: `${id}-${field}-error` })
  const kind = spec.returns.kind
  return (
    <>
      <div className={dbStyles.row}>
        <TextField id={`${id}-name`} label="Name" value={spec.name} disabled={readOnly} onChange={(e) => update({ name: e.target.value })} placeholder="calculate_total" {...err('name')} />
        <SelectField id={`${id}-schema`} label="Schema" value={spec.schema} disabled={readOnly} onChange={(e) => update({ schema: e.target.value })} options={schemas} {...err('schema')} />
      </div>

      <FunctionArgumentsFields id={`${id}-args`} args={spec.args} onChange={(args) => update({ args })} disabled={readOnly} error={errors.args} errorId={`${id}-args-error`} />

      <div className={dbStyles.row}>
        <SelectField
          id={`${id}-returns`}
          label="Returns"
          value={kind}
          disabled={readOnly}
          onChange={(e) => update({ returns: { ...spec.returns, kind: e.target.value as ReturnKind } })}
          options={RETURN_KINDS.map((k) => ({ value: k, label: RETURN_LABELS[k] }))}
        />
        {(kind === 'type' || kind === 'setof') && (
          <TextField id={`${id}-return-type`} label="Return type" value={spec.returns.type} disabled={readOnly} onChange={(e) => update({ returns: { ...spec.returns, type: e.target.value } })} placeholder="integer" {...err('returns')} />
        )}
        {kind === 'table' && (
          <TextField id={`${id}-columns`} label="Columns of the table" value={draft.columnsText} disabled={readOnly} onChange={(e) => draft.setColumnsText(e.target.value)} placeholder="id bigint, name text" hint="Name and type of each column, separated by commas." {...err('returns')} />
        )}
      </div>

      <div className={dbStyles.row}>
        <SelectField id={`${id}-language`} label="Language" value={spec.language} disabled={readOnly} onChange={(e) => update({ language: e.target.value })} options={languages.includes(spec.language) ? languages : [spec.language, ...languages]} {...err('language')} />
        <SelectField id={`${id}-volatility`} label="Volatility" value={spec.volatility} disabled={readOnly} onChange={(e) => update({ volatility: e.target.value as Volatility })} options={VOLATILITIES} hint="STABLE and IMMUTABLE functions must not change the database." />
      </div>

      <fieldset className={dbStyles.checks}>
        <legend>Security</legend>
        <label>
          <input type="radio" name={`${id}-security`} checked={!spec.securityDefiner} disabled={readOnly} onChange={() => draft.setDefiner(false)} />
          SECURITY INVOKER (runs as the caller)
        </label>
        <label>
          <input type="radio" name={`${id}-security`} checked={spec.securityDefiner} disabled={readOnly} onChange={() => draft.setDefiner(true)} />
          SECURITY DEFINER (runs as its owner)
        </label>
      </fieldset>
      {spec.securityDefiner && (
        <Admonition type="warning" role="note" title="This function runs with its owner's privileges">
          Anyone allowed to execute it acts as its owner, bypassing row level security. Keep its search_path fixed (empty is safest: then qualify every name in the body, e.g. public.orders) and grant EXECUTE only to the roles that need it.
        </Admonition>
      )}
      {!spec.securityDefiner && (
        <label style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center', marginBottom: '0.75rem' }}>
          <input type="checkbox" checked={draft.fixSearchPath} disabled={readOnly} onChange={(e) => draft.setFixSearchPath(e.target.checked)} />
          Fix the search_path
        </label>
      )}
      {(spec.securityDefiner || draft.fixSearchPath) && (
        <TextField
          id={`${id}-search-path`}
          label="search_path"
          value={draft.searchPathText}
          disabled={readOnly}
          onChange={(e) => draft.setSearchPathText(e.target.value)}
          placeholder="empty: search_path = ''"
          hint="Schemas separated by commas; empty sets search_path = '' (nothing is found unqualified)."
          {...err('searchPath')}
        />
      )}

      <div className="field">
        <span className="label" id={`${id}-body-label`}>
          Definition
        </span>
        <FunctionBodyEditor language={spec.language} value={spec.body} onChange={(body) => update({ body })} readOnly={readOnly} label={`Definition of ${spec.name || 'the function'}`} />
        <span className="field-hint">The body goes between dollar quotes as written; nothing in it is changed.</span>
        {errors.body && (
          <span id={`${id}-body-error`} className="field-error">
            {errors.body}
          </span>
        )}
      </div>
    </>
  )
}
