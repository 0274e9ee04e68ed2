import { useId, useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from './Admonition'
import { SelectField, TextField } from './Field'
import { FormModal } from './FormModal'
import { Modal } from './Modal'
import { SqlPreview, SqlRunError } from './SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import type { ProjectAccess } from '@/hooks/use-project-access'
import {
  alterPolicySql,
  createPolicySql,
  POLICY_COMMANDS,
  policyClauses,
  policyNameTaken,
  policyToSpec,
  PROJECT_API_ROLES,
  validatePolicy,
  type Policy,
  type PolicyCommand,
  type PolicyErrors,
  type PolicySpec,
  type PolicyTable,
} from '@/lib/database/policies'
import { PolicyTemplatePicker } from './PolicyTemplatePicker'
import styles from './PolicyForm.module.css'

type PolicyFormModalProps = { access: ProjectAccess; table: PolicyTable; policy: Policy | null; onClose: () => void }

/** New policy (template or blank, then the form) or edit one; the SQL is shown before it runs. */
export function PolicyFormModal({ access, table, policy, onClose }: PolicyFormModalProps) {
  const [spec, setSpec] = useState<PolicySpec | null>(policy ? policyToSpec(policy) : null)
  const qualified = `${table.schema}.${table.name}`
  if (!spec) {
    return (
      <Modal open onOpenChange={(open) => !open && onClose()} title={`New policy on ${qualified}`} description="Start from a template or a blank policy; you can change everything before it runs." size="large">
        <PolicyTemplatePicker table={table} onPick={setSpec} />
      </Modal>
    )
  }
  return <PolicyForm access={access} table={table} policy={policy} spec={spec} onChange={setSpec} onClose={onClose} />
}

function sqlFor(table: PolicyTable, policy: Policy | null, spec: PolicySpec, errors: PolicyErrors): string | null {
  if (Object.keys(errors).length > 0) return null
  return policy ? alterPolicySql(table, policy, spec) : createPolicySql(table, spec)
}

function PolicyForm({ access, table, policy, spec, onChange, onClose }: Omit<PolicyFormModalProps, 'policy'> & { policy: Policy | null; spec: PolicySpec; onChange: (spec: PolicySpec) => void }) {
  const id = useId()
  const [submitted, setSubmitted] = useState(false)
  const qualified = `${table.schema}.${table.name}`
  const errors: PolicyErrors = { ...validatePolicy(spec) }
  if (!errors.name && policyNameTaken(table, spec.name, policy?.name ?? null)) errors.name = `${qualified} already has a policy named ${spec.name.trim()}`
  const sql = sqlFor(table, policy, spec, errors)
  const clauses = policyClauses(spec.command)
  const show = (field: keyof PolicyErrors) => (submitted ? errors[field] : undefined)
  const set = (change: Partial<PolicySpec>) => onChange({ ...spec, ...change })
  // Roles the policy names besides the API roles (e.g. postgres) stay choosable.
  const apiRoles: readonly string[] = PROJECT_API_ROLES
  const roleChoices = [...apiRoles, ...new Set([...(policy?.roles ?? []), ...spec.roles].filter((r) => r !== 'public' && !apiRoles.includes(r)))]

  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(policy ? `Saved policy ${spec.name.trim()}` : `Created policy ${spec.name.trim()}`)
      onClose()
    },
  })
  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action: `${policy ? 'alter' : 'create'} policy ${spec.name.trim()} on ${qualified}` })
    else if (policy && Object.keys(errors).length === 0) onClose()
  }
  const toggleRole = (role: string, on: boolean) => set({ roles: on ? [...spec.roles, role] : spec.roles.filter((r) => r !== role) })

  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title={policy ? `Edit policy ${policy.name}` : `New policy on ${qualified}`}
      size="large"
      submitLabel={policy ? 'Save policy' : 'Create policy'}
      pendingLabel="Running…"
      pending={run.isPending}
      formClassName={styles.form}
      onSubmit={submit}
    >
      {!table.rlsEnabled && (
        <Admonition type="warning" role="note" title="Row level security is off on this table">
          Policies apply once it is on; until then the anon key reads and changes every row.
        </Admonition>
      )}
      <TextField id={`${id}-name`} label="Name" value={spec.name} onChange={(e) => set({ name: e.target.value })} error={show('name')} errorId={`${id}-name-error`} />
      <div className={styles.row}>
        <SelectField
          id={`${id}-command`}
          label="Command"
          value={spec.command}
          onChange={(e) => set({ command: e.target.value as PolicyCommand })}
          options={POLICY_COMMANDS}
          hint={policy && spec.command !== policy.command ? 'Changing the command drops and recreates the policy in one transaction.' : undefined}
        />
        <SelectField
          id={`${id}-behaviour`}
          label="Behaviour"
          value={spec.permissive ? 'permissive' : 'restrictive'}
          onChange={(e) => set({ permissive: e.target.value === 'permissive' })}
          options={[
            { value: 'permissive', label: 'Permissive (any one of them allows)' },
            { value: 'restrictive', label: 'Restrictive (every one must allow)' },
          ]}
        />
      </div>
      <fieldset className={styles.checks} aria-describedby={`${id}-roles-hint`}>
        <legend>Roles</legend>
        {roleChoices.map((role) => (
          <label key={role}>
            <input type="checkbox" checked={spec.roles.includes(role)} onChange={(e) => toggleRole(role, e.target.checked)} />
            {role}
          </label>
        ))}
        <span id={`${id}-roles-hint`} className="field-hint" style={{ flexBasis: '100%' }}>
          {spec.roles.length === 0 ? 'No role chosen: the policy applies to every role (public).' : 'anon: the anon key; authenticated: signed-in users; service_role: the service key.'}
        </span>
      </fieldset>
      {clauses.using && (
        <ExpressionField id={`${id}-using`} label="USING expression" hint="Which existing rows the policy lets through." value={spec.using} error={show('using')} onChange={(using) => set({ using })} />
      )}
      {clauses.withCheck && (
        <ExpressionField
          id={`${id}-check`}
          label="WITH CHECK expression"
          hint={spec.command === 'INSERT' ? 'Which new rows may be written.' : 'Which rows may be written; empty uses the USING expression.'}
          value={spec.withCheck}
          error={show('withCheck')}
          onChange={(withCheck) => set({ withCheck })}
        />
      )}
      <SqlPreview sql={sql} open emptyText={policy && Object.keys(errors).length === 0 ? 'Nothing changed yet.' : 'Complete the form to see the SQL.'} />
      {run.isError && <SqlRunError error={run.error} title={policy ? 'The policy was not changed' : 'The policy was not created'} />}
    </FormModal>
  )
}

function ExpressionField({ id, label, hint, value, error, onChange }: { id: string; label: string; hint: string; value: string; error?: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className={`textarea ${styles.code}`}
        value={value}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
      <span id={`${id}-hint`} className="field-hint">
        {hint}
      </span>
    </div>
  )
}
