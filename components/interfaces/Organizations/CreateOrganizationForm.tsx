import { useId, useState, type FormEvent } from 'react'
import { useOrganizationCreateMutation } from '@/data/organizations/organization-create-mutation'
import type { Organization } from '@/data/organizations/organizations-query'
import { SELF_SERVE_PLAN_IDS, findPlanTier, type SelfServePlanId } from '@/lib/catalogue/plans'
import { FormActions } from '@/components/ui/FormActions'
import styles from './Organizations.module.css'

/** Same bound as the platform's schema: what people type, trimmed, 1 to 64 characters. */
export { ORGANIZATION_NAME_MAX_LENGTH } from '@/lib/constants'
import { ORGANIZATION_NAME_MAX_LENGTH } from '@/lib/constants'

export type CreateOrganizationFormProps = {
  /** Called with the new organization once the platform created it. */
  onCreated: (organization: Organization) => void
  onCancel?: () => void
}

/** Name and plan (Free, Pro or Team) of a new organization; the platform's refusal is shown in place. */
export function CreateOrganizationForm({ onCreated, onCancel }: CreateOrganizationFormProps) {
  const id = useId()
  const [name, setName] = useState('')
  const [plan, setPlan] = useState<SelfServePlanId>('free')
  const [touched, setTouched] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const { mutate, isPending } = useOrganizationCreateMutation({
    onSuccess: (organization) => onCreated(organization),
    // Shown in place, beside the fields the message is about.
    onError: (error) => setServerError(error.message),
  })

  const nameError = touched && name.trim() === '' ? 'Please enter an organization name.' : null

  function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    setServerError(null)
    if (name.trim() === '') return
    mutate({ name: name.trim(), plan })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Create organization">
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={ORGANIZATION_NAME_MAX_LENGTH}
          autoComplete="organization"
          placeholder="Organization name"
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : `${id}-name-hint`}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        {nameError ? (
          <span id={`${id}-name-error`} className="field-error">
            {nameError}
          </span>
        ) : (
          <span id={`${id}-name-hint`} className="field-hint">
            Your company or team name. You can rename it later.
          </span>
        )}
      </div>

      <fieldset className={styles.plans}>
        <legend>Plan</legend>
        {SELF_SERVE_PLAN_IDS.map((planId) => {
          const tier = findPlanTier(planId)
          return (
            <label key={planId} className={`choice ${styles.plan}`}>
              <input type="radio" name={`${id}-plan`} value={planId} checked={plan === planId} onChange={() => setPlan(planId)} />
              <span>
                <span className={styles.planName}>{tier.name}</span>
                <span className={styles.planPrice}>
                  {tier.priceLabel} {tier.costUnit}
                </span>
              </span>
            </label>
          )
        })}
      </fieldset>

      <FormActions error={serverError}>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel} disabled={isPending}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn-primary" disabled={isPending}>
          {isPending ? 'Creating organization…' : 'Create organization'}
        </button>
      </FormActions>
    </form>
  )
}
