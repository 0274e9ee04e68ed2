import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useTaxIdCreateMutation } from '@/data/billing/tax-id-create-mutation'
import { useTaxIdDeleteMutation } from '@/data/billing/tax-id-delete-mutation'
import { useTaxIdsQuery } from '@/data/billing/tax-ids-query'
import { TAX_ID_TYPES, countryName, taxIdTypeLabel } from './Billing.utils'
import { RemoveButton } from './RemoveButton'
import styles from './Billing.module.css'

/** The organization's tax ids: list, add, remove (spec §8: registered businesses add one). */
export function TaxIdsSection({ slug }: { slug: string }) {
  const taxIds = useTaxIdsQuery({ slug })
  const remove = useTaxIdDeleteMutation({ onSuccess: () => toast.success('Tax ID removed') })

  return (
    <div className="card">
      <h3 className={styles.subheading} id="tax-ids-title">
        Tax IDs
      </h3>
      <p className="muted">If you are a registered business, add your tax ID so it appears on your invoices.</p>
      {taxIds.isError ? (
        <QueryErrorState title="Failed to load tax IDs" query={taxIds} />
      ) : taxIds.isPending ? (
        <SkeletonLines lines={2} label="Loading tax IDs" />
      ) : taxIds.data.length === 0 ? (
        <p className="muted" style={{ fontStyle: 'italic' }}>
          No tax IDs
        </p>
      ) : (
        <ul className={`surface ${styles.records}`} aria-labelledby="tax-ids-title">
          {taxIds.data.map((taxId) => (
            <li key={taxId.id} className={styles.record}>
              <span className={styles.recordMain}>
                <span className="mono">{taxId.value}</span>
                <span className="muted">
                  {taxIdTypeLabel(taxId.type)} · {countryName(taxId.country) ?? taxId.country}
                </span>
              </span>
              <RemoveButton label={`Remove tax ID ${taxId.value}`} remove={remove} slug={slug} id={taxId.id} />
            </li>
          ))}
        </ul>
      )}
      <AddTaxIdForm slug={slug} />
    </div>
  )
}

function AddTaxIdForm({ slug }: { slug: string }) {
  const [type, setType] = useState<string>(TAX_ID_TYPES[0].type)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const create = useTaxIdCreateMutation({
    onError: (e) => setError(e.message),
    onSuccess: (taxId) => {
      toast.success(`Tax ID ${taxId.value} added`)
      setValue('')
    },
  })
  const example = TAX_ID_TYPES.find((t) => t.type === type)?.example

  function submit(event: FormEvent) {
    event.preventDefault()
    if (value.trim() === '') {
      setError('Enter the tax ID')
      return
    }
    setError(null)
    create.mutate({ slug, type, value: value.trim() })
  }

  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate aria-label="Add a tax ID" style={{ marginTop: '1rem' }}>
      <div className={`field ${styles.field}`}>
        <label htmlFor="tax-id-type">Tax ID type</label>
        <select id="tax-id-type" className="select" value={type} onChange={(e) => setType(e.target.value)}>
          {TAX_ID_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className={`field ${styles.field}`}>
        <label htmlFor="tax-id-value">Tax ID</label>
        <input
          id="tax-id-value"
          className="input"
          value={value}
          placeholder={example}
          maxLength={50}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'tax-id-error' : undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {error && (
          <span id="tax-id-error" className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
      <button type="submit" className={`btn ${styles.submit}`} disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add tax ID'}
      </button>
    </form>
  )
}
