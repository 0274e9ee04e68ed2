import { useEffect, useId, useState, type FormEvent } from 'react'
import { usePasswordStrength } from '@/hooks/use-password-strength'
import { useProjectCreateMutation } from '@/data/projects/project-create-mutation'
import type { Organization } from '@/data/organizations/organizations-query'
import type { Project } from '@/data/projects/projects-query'
import { DEFAULT_CLOUD_PROVIDER, cloudProviderLabel } from '@/lib/catalogue/cloud-providers'
import type { ComputeSizeId } from '@/lib/catalogue/compute-sizes'
import { SELF_SERVE_PLAN_IDS, findPlanTier, type SelfServePlanId } from '@/lib/catalogue/plans'
import { AWS_REGIONS, DEFAULT_REGION_CODE } from '@/lib/catalogue/regions'
import { ComputeSizePicker } from './ComputeSizePicker'
import { DatabasePasswordField } from './DatabasePasswordField'
import { PlanHint } from './PlanHint'
import { defaultComputeSizeFor } from './NewProject.utils'
import { FormActions } from '@/components/ui/FormActions'
import styles from './NewProject.module.css'

/** The platform's bound on project names. */
export const PROJECT_NAME_MAX_LENGTH = 64

export type NewProjectFormProps = {
  organization: Organization
  /** The plan of the `plan` query parameter, when valid (spec §2). */
  requestedPlan: SelfServePlanId | null
  /** True when creating is known to fail (free limit reached, role too low): submit is disabled. */
  blocked: boolean
  onCreated: (project: Project) => void
}

/** Name, region, compute size, database password and plan of a new project. */
export function NewProjectForm({ organization, requestedPlan, blocked, onCreated }: NewProjectFormProps) {
  const id = useId()
  const orgPlan = organization.plan.id
  const [name, setName] = useState('')
  const [region, setRegion] = useState<string>(DEFAULT_REGION_CODE)
  const [computeSize, setComputeSize] = useState<ComputeSizeId>(defaultComputeSizeFor(orgPlan))
  const [password, setPassword] = useState('')
  const [plan, setPlan] = useState<SelfServePlanId>(
    requestedPlan ?? ((SELF_SERVE_PLAN_IDS as readonly string[]).includes(orgPlan) ? (orgPlan as SelfServePlanId) : 'free')
  )
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const strength = usePasswordStrength(password)
  const create = useProjectCreateMutation({
    onSuccess: (project) => onCreated(project),
    // spec: the server's 4xx message is shown in place, next to the form.
    onError: (error) => setServerError(error.message),
  })

  const nameError = submitted && name.trim() === '' ? 'Please enter a project name.' : null
  const passwordError = !submitted
    ? null
    : password === ''
      ? 'Please enter a database password.'
      : !strength.isChecking && !strength.isStrongEnough
        ? 'Please choose a stronger database password.'
        : null

  /** A submit made while the password's strength was still being checked: it goes once the answer comes. */
  const [waiting, setWaiting] = useState(false)

  function send() {
    create.mutate({
      name: name.trim(),
      organization_slug: organization.slug,
      region,
      db_pass: password,
      cloud_provider: DEFAULT_CLOUD_PROVIDER,
      compute_size: computeSize,
      plan,
    })
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setServerError(null)
    if (name.trim() === '' || password === '' || blocked) return
    // Right after a keystroke or "Generate a password" the check is on its way: the submit waits for it, never lost.
    if (strength.isChecking) return setWaiting(true)
    if (strength.isStrongEnough) send()
  }

  // The check answered: a waiting submit goes when the password is strong enough, else the field says why.
  useEffect(() => {
    if (!waiting || strength.isChecking) return
    setWaiting(false)
    if (strength.isStrongEnough && name.trim() !== '' && !blocked) send()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the answer arrives
  }, [waiting, strength.isChecking, strength.isStrongEnough])

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Create a new project">
      <div className="field">
        <label htmlFor={`${id}-name`}>Project name</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={PROJECT_NAME_MAX_LENGTH}
          autoComplete="off"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError && (
          <span id={`${id}-name-error`} className="field-error">
            {nameError}
          </span>
        )}
      </div>

      <div className="field">
        <label htmlFor={`${id}-region`}>Region</label>
        <select id={`${id}-region`} className="select" value={region} onChange={(event) => setRegion(event.target.value)} aria-describedby={`${id}-region-hint`}>
          {AWS_REGIONS.map((r) => (
            <option key={r.code} value={r.code}>
              {r.displayName}
            </option>
          ))}
        </select>
        <span id={`${id}-region-hint`} className="field-hint">
          Cloud provider: {cloudProviderLabel(DEFAULT_CLOUD_PROVIDER)}. Pick the region closest to your users; it cannot be changed
          later.
        </span>
      </div>

      <DatabasePasswordField value={password} onChange={setPassword} strength={strength} error={passwordError} />

      <ComputeSizePicker name={`${id}-size`} value={computeSize} onChange={setComputeSize} orgPlan={orgPlan} />

      <fieldset className={styles.section}>
        <legend>Plan</legend>
        <div className={styles.plans}>
          {SELF_SERVE_PLAN_IDS.map((planId) => (
            <label key={planId} className={`choice ${styles.plan}`}>
              <input type="radio" name={`${id}-plan`} value={planId} checked={plan === planId} onChange={() => setPlan(planId)} />
              {findPlanTier(planId).name}
            </label>
          ))}
        </div>
        <PlanHint slug={organization.slug} organizationPlan={organization.plan} chosenPlan={plan} />
      </fieldset>

      <FormActions error={serverError}>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || blocked} aria-busy={waiting || create.isPending || undefined}>
          {create.isPending ? 'Creating project…' : waiting ? 'Checking the password…' : 'Create new project'}
        </button>
      </FormActions>
    </form>
  )
}
