import { useId } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { CopyButton } from '@/components/ui/CopyButton'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SelectField, TextField } from '@/components/ui/Field'
import { SaveCancelActions } from '@/components/ui/FormActions'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { codeBlockClass } from '@/components/ui/SqlPreview'
import { usePostgrestConfigQuery, type PostgrestConfig } from '@/data/api-keys/postgrest-config-query'
import { usePostgrestConfigUpdateMutation } from '@/data/api-keys/postgrest-config-update-mutation'
import { useProjectAccess } from '@/hooks/use-project-access'
import { useSettingsForm } from '@/hooks/use-settings-form'
import { DATA_API_RULES, grantSql, TX_END_OPTIONS } from './data-api-settings.utils'
import styles from './ProjectApi.module.css'

type FormProps = { projectRef: string; config: PostgrestConfig; canEdit: boolean; blockedReason: string | null }

/** The exposed schemas, max rows, aggregates and transaction end; Save sends only what changed (Owner and Admin only). */
function DataApiSettingsForm({ projectRef, config, canEdit, blockedReason }: FormProps) {
  const id = useId()
  const form = useSettingsForm(config, DATA_API_RULES, 'Data API settings saved')
  const save = usePostgrestConfigUpdateMutation({ onError: (error) => form.setServerError(error.message) })
  const disabled = !canEdit || save.isPending
  const grants = grantSql(form.values.schemas)
  return (
    <form
      className={styles.fields}
      onSubmit={(event) => form.submit(event, (changes, onSaved) => save.mutate({ projectRef, ...changes }, { onSuccess: onSaved }))}
      noValidate
      aria-label="Data API settings"
    >
      <TextField
        label="Exposed schemas"
        spellCheck={false}
        placeholder="public"
        hint="Comma-separated, e.g. public, app. A request names its schema (supabase-js: .schema('app')); one that names none gets the first."
        {...form.textField('schemas', id, disabled)}
      />
      <TextField
        label="Max rows"
        inputMode="numeric"
        hint="The most rows one read answers, whatever its limit asks (1 to 1,000,000). It guards against reading a whole large table by mistake."
        {...form.textField('maxRows', id, disabled)}
      />
      <SelectField
        label="Aggregate functions"
        hint="Lets a read's select use count(), sum(), avg(), min() and max() (e.g. select=status,count()). Off, such a select answers PGRST123. An aggregate over a large table is costly: max rows does not bound it."
        options={[{ value: 'false', label: 'Off' }, { value: 'true', label: 'On' }]}
        {...form.textField('aggregates', id, disabled)}
      />
      <SelectField
        label="Transaction end"
        hint="How each request's transaction ends. With an override allowed, a request's Prefer: tx=commit or tx=rollback decides (supabase-js: .rollback()), e.g. to try a write without keeping it."
        options={TX_END_OPTIONS}
        {...form.textField('txEnd', id, disabled)}
      />
      {grants && (
        <Admonition title="Grant the API's roles access to these schemas">
          <p>
            The REST API runs as anon, authenticated and service_role. A schema other than public serves nothing until the
            project&apos;s owner grants them its use (requests answer &quot;permission denied for schema&quot;, 42501); row level
            security still decides which rows they see. Run this in the SQL editor:
          </p>
          <pre className={codeBlockClass} aria-label="Grants to run">
            {grants}
          </pre>
          <CopyButton text={grants} label="Copy SQL" />
        </Admonition>
      )}
      {blockedReason && <p className="field-hint">{blockedReason}</p>}
      <SaveCancelActions error={form.serverError} disabled={disabled} dirty={form.dirty} pending={save.isPending} onCancel={form.reset} />
    </form>
  )
}

/** "Data API settings": which schemas the REST API serves, its max rows, aggregates and transaction end; Developers and above see them, Owners and Admins change them. */
export function DataApiSettingsPanel({ projectRef }: { projectRef: string }) {
  const id = useId()
  const { role, atLeast } = useProjectAccess(projectRef)
  const canRead = atLeast('Developer')
  const canEdit = atLeast('Admin')
  const config = usePostgrestConfigQuery({ projectRef, enabled: canRead })

  let content
  if (role === null) content = <SkeletonLines lines={4} label="Loading the Data API settings" />
  else if (!canRead) content = <p className="field-hint">Only Developers and above can see the Data API settings. Your role is {role}.</p>
  else if (config.isError && !config.data) content = <QueryErrorState title="Failed to load the Data API settings" query={config} />
  else if (!config.data) content = <SkeletonLines lines={4} label="Loading the Data API settings" />
  else {
    const reason = canEdit ? null : `Only an Owner or Admin can change the Data API settings. Your role is ${role}.`
    content = <DataApiSettingsForm projectRef={projectRef} config={config.data} canEdit={canEdit} blockedReason={reason} />
  }
  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Data API settings</h2>
      <p className="muted">Which schemas the REST API serves, how many rows one read may answer, whether it aggregates, and how its transactions end.</p>
      {content}
    </section>
  )
}
