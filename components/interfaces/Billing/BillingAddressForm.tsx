import { useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { OrganizationCustomer } from '@/lib/api-types/billing'
import { useOrganizationCustomerQuery } from '@/data/organizations/organization-customer-query'
import { useOrganizationCustomerUpdateMutation } from '@/data/organizations/organization-customer-update-mutation'
import {
  ADDRESS_MAX_LENGTH,
  EMPTY_ADDRESS,
  addressPayload,
  countryName,
  validateAddress,
  type AddressErrors,
  type AddressValues,
} from './Billing.utils'
import { FormSubmit } from './FormSubmit'
import styles from './Billing.module.css'

/** The billing customer's address, loaded and saved through the customer endpoint. */
export function BillingAddressForm({ slug }: { slug: string }) {
  const customer = useOrganizationCustomerQuery({ slug, enabled: true })

  if (customer.isError) {
    return (
      <QueryErrorState title="Failed to load the billing address" query={customer} />
    )
  }
  if (customer.isPending) return <SkeletonLines lines={4} label="Loading the billing address" />
  // Keyed by the saved address so a save elsewhere (or a refetch) resets the form to it.
  return <AddressFields key={JSON.stringify(customer.data.address)} slug={slug} customer={customer.data} />
}

function initialValues(customer: OrganizationCustomer): AddressValues {
  const a = customer.address
  if (!a) return EMPTY_ADDRESS
  return {
    line1: a.line1 ?? '',
    line2: a.line2 ?? '',
    city: a.city ?? '',
    postal_code: a.postal_code ?? '',
    state: a.state ?? '',
    country: a.country ?? '',
  }
}

const FIELDS: { name: keyof AddressValues; label: string; autoComplete: string; full?: boolean; optional?: boolean; hint?: string }[] = [
  { name: 'line1', label: 'Address line 1', autoComplete: 'address-line1', full: true },
  { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2', full: true, optional: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2', optional: true },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code', optional: true },
  { name: 'state', label: 'State or region', autoComplete: 'address-level1', optional: true },
  { name: 'country', label: 'Country', autoComplete: 'country', hint: 'Two-letter code, e.g. DE or US' },
]

function AddressFields({ slug, customer }: { slug: string; customer: OrganizationCustomer }) {
  const [values, setValues] = useState<AddressValues>(() => initialValues(customer))
  const [errors, setErrors] = useState<AddressErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const mutation = useOrganizationCustomerUpdateMutation({
    onError: (error) => setServerError(error.message),
    onSuccess: () => toast.success('Billing address saved'),
  })

  function change(name: keyof AddressValues, value: string) {
    const next = { ...values, [name]: value }
    setValues(next)
    // Once the user tried to save, errors follow the typing; before that they stay quiet.
    if (submitted) setErrors(validateAddress(next))
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    setServerError(null)
    const found = validateAddress(values)
    setErrors(found)
    const first = FIELDS.find((f) => found[f.name])
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first.name}"]`)?.focus()
      return
    }
    mutation.mutate({ slug, address: addressPayload(values) })
  }

  const country = countryName(values.country)
  return (
    <form ref={formRef} className="card" onSubmit={submit} noValidate aria-label="Billing address">
      {!customer.address && (
        <p className="muted" style={{ marginTop: 0 }}>
          No billing address yet. Paid plans need one.
        </p>
      )}
      <div className={styles.formGrid}>
        {FIELDS.map((field) => {
          const id = `billing-address-${field.name}`
          const error = errors[field.name]
          const hint = field.name === 'country' && country && !error ? country : field.hint
          return (
            <div key={field.name} className={`field ${field.full ? styles.full : ''}`}>
              <label htmlFor={id}>
                {field.label}
                {field.optional && <span className="muted"> (optional)</span>}
              </label>
              <input
                id={id}
                name={field.name}
                className="input"
                value={values[field.name]}
                autoComplete={field.autoComplete}
                maxLength={ADDRESS_MAX_LENGTH[field.name]}
                aria-invalid={error ? true : undefined}
                aria-describedby={[error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined}
                aria-required={field.optional ? undefined : true}
                onChange={(e) => change(field.name, field.name === 'country' ? e.target.value.toUpperCase() : e.target.value)}
              />
              {hint && (
                <span id={`${id}-hint`} className="field-hint">
                  {hint}
                </span>
              )}
              {error && (
                <span id={`${id}-error`} className="field-error">
                  {error}
                </span>
              )}
            </div>
          )
        })}
      </div>
      <FormSubmit error={serverError} errorTitle="The billing address could not be saved" pending={mutation.isPending} label="Save address" pendingLabel="Saving…" />
    </form>
  )
}
