import { useEffect, useId, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useOrganizationUpdateMutation } from '@/data/organizations/organization-update-mutation'
import type { Organization } from '@/data/organizations/organizations-query'
import { ORGANIZATION_NAME_MAX_LENGTH } from '@/lib/constants'
import { FormActions } from '@/components/ui/FormActions'
import styles from './Settings.module.css'

/** Name and billing e-mail of an organization (Owners and Admins may change them). */
export function OrganizationGeneralForm({ organization, canEdit }: { organization: Organization; canEdit: boolean }) {
  const id = useId()
  const [name, setName] = useState(organization.name)
  const [billingEmail, setBillingEmail] = useState(organization.billing_email ?? '')
  const [error, setError] = useState<string | null>(null)
  const update = useOrganizationUpdateMutation({
    onSuccess: () => toast.success('Organization settings saved'),
    onError: (err) => setError(err.message),
  })

  // Another tab or a refetch brought new values: show them unless the user is editing.
  useEffect(() => {
    setName(organization.name)
    setBillingEmail(organization.billing_email ?? '')
  }, [organization.name, organization.billing_email])

  const trimmedName = name.trim()
  const trimmedEmail = billingEmail.trim()
  const dirty = trimmedName !== organization.name || trimmedEmail !== (organization.billing_email ?? '')

  function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (trimmedName === '') {
      setError('Please enter an organization name.')
      return
    }
    update.mutate({
      slug: organization.slug,
      ...(trimmedName !== organization.name ? { name: trimmedName } : {}),
      ...(trimmedEmail !== (organization.billing_email ?? '') ? { billing_email: trimmedEmail === '' ? null : trimmedEmail } : {}),
    })
  }

  return (
    <form className={`card ${styles.card}`} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>General</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Organization name</label>
        <input
          id={`${id}-name`}
          className="input"
          value={name}
          maxLength={ORGANIZATION_NAME_MAX_LENGTH}
          disabled={!canEdit}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-slug`}>Organization slug</label>
        <input id={`${id}-slug`} className="input" value={organization.slug} readOnly aria-describedby={`${id}-slug-hint`} />
        <span id={`${id}-slug-hint`} className="field-hint">
          Used in the organization&apos;s URLs; it does not change when you rename it.
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Billing e-mail</label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          value={billingEmail}
          placeholder="billing@example.com"
          disabled={!canEdit}
          onChange={(event) => setBillingEmail(event.target.value)}
        />
      </div>
      <FormActions error={error}>
        {canEdit && (
          <button type="submit" className="btn btn-primary" disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </button>
        )}
      </FormActions>
    </form>
  )
}
