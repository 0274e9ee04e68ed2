import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { usePaymentMethodCreateMutation } from '@/data/billing/payment-method-create-mutation'
import { usePaymentMethodDeleteMutation } from '@/data/billing/payment-method-delete-mutation'
import { usePaymentMethodSetDefaultMutation } from '@/data/billing/payment-method-set-default-mutation'
import { usePaymentMethodsQuery } from '@/data/billing/payment-methods-query'
import { CARD_BRANDS, type CardBrand } from '@/lib/api-types/billing'
import { cardBrandLabel, formatCardExpiry, validateCard, type CardErrors, type CardValues } from './Billing.utils'
import styles from './Billing.module.css'

/** Said beside the cards: the embedded platform keeps records and processes no payment. */
export const NO_CARD_PROCESSING_NOTE =
  'No card is charged on this platform. Payment methods are stored records only: the brand, the last four digits and the expiry date, never a card number.'

/** Payment methods as stored records: list, add, remove, set the default. */
export function PaymentMethodsSection({ slug }: { slug: string }) {
  const methods = usePaymentMethodsQuery({ slug })
  const remove = usePaymentMethodDeleteMutation({ onSuccess: () => toast.success('Payment method removed') })
  const setDefault = usePaymentMethodSetDefaultMutation({ onSuccess: () => toast.success('Default payment method updated') })

  return (
    <>
      <Admonition role="note" title="No real card processing">
        {NO_CARD_PROCESSING_NOTE}
      </Admonition>
      {methods.isError ? (
        <QueryErrorState title="Failed to load payment methods" query={methods} />
      ) : methods.isPending ? (
        <SkeletonLines lines={2} label="Loading payment methods" />
      ) : methods.data.data.length === 0 ? (
        <EmptyState title="No payment methods" description="Add a card record below." />
      ) : (
        <ul className={styles.records} aria-label="Payment methods">
          {methods.data.data.map((card) => {
            const name = `${cardBrandLabel(card.brand)} ending in ${card.last4}`
            return (
              <li key={card.id} className={styles.record}>
                <span className={styles.recordMain}>
                  <span style={{ fontWeight: 500 }}>{name}</span>
                  <span className="muted">Expires {formatCardExpiry(card.exp_month, card.exp_year)}</span>
                  {card.is_default && <Badge variant="brand">Default</Badge>}
                </span>
                <span className={styles.recordActions}>
                  {!card.is_default && (
                    <button
                      type="button"
                      className="btn btn-sm"
                      aria-label={`Make ${name} the default`}
                      disabled={setDefault.isPending}
                      onClick={() => setDefault.mutate({ slug, id: card.id })}
                    >
                      Make default
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-sm"
                    aria-label={`Remove ${name}`}
                    disabled={remove.isPending && remove.variables?.id === card.id}
                    onClick={() => remove.mutate({ slug, id: card.id })}
                  >
                    Remove
                  </button>
                </span>
              </li>
            )
          })}
        </ul>
      )}
      <AddCardForm slug={slug} />
    </>
  )
}

const EMPTY_CARD: CardValues = { brand: 'visa', last4: '', exp_month: '', exp_year: '', is_default: false }
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'))

function AddCardForm({ slug }: { slug: string }) {
  const [values, setValues] = useState<CardValues>(EMPTY_CARD)
  const [errors, setErrors] = useState<CardErrors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const create = usePaymentMethodCreateMutation({
    onError: (error) => setServerError(error.message),
    onSuccess: () => {
      toast.success('Payment method added')
      setValues(EMPTY_CARD)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    setServerError(null)
    const found = validateCard(values)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    create.mutate({
      slug,
      brand: values.brand as CardBrand,
      last4: values.last4.trim(),
      exp_month: Number(values.exp_month),
      exp_year: Number(values.exp_year),
      is_default: values.is_default,
    })
  }

  const set = (patch: Partial<CardValues>) => setValues((v) => ({ ...v, ...patch }))
  const describedBy = (name: keyof CardErrors) => (errors[name] ? `card-${name}-error` : undefined)

  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Add a payment method">
      <h3 className={styles.subheading} style={{ marginBottom: '0.75rem' }}>
        Add a card record
      </h3>
      <div className={styles.formGrid}>
        <div className="field">
          <label htmlFor="card-brand">Card brand</label>
          <select id="card-brand" className="select" value={values.brand} onChange={(e) => set({ brand: e.target.value })}>
            {CARD_BRANDS.map((brand) => (
              <option key={brand} value={brand}>
                {cardBrandLabel(brand)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="card-last4">Last four digits</label>
          <input
            id="card-last4"
            className="input"
            inputMode="numeric"
            maxLength={4}
            value={values.last4}
            aria-invalid={errors.last4 ? true : undefined}
            aria-describedby={describedBy('last4')}
            onChange={(e) => set({ last4: e.target.value.replace(/\D/g, '') })}
          />
          {errors.last4 && (
            <span id="card-last4-error" className="field-error">
              {errors.last4}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="card-exp-month">Expiry month</label>
          <select
            id="card-exp-month"
            className="select"
            value={values.exp_month}
            aria-invalid={errors.exp_month ? true : undefined}
            aria-describedby={describedBy('exp_month')}
            onChange={(e) => set({ exp_month: e.target.value })}
          >
            <option value="">Month</option>
            {MONTHS.map((m) => (
              <option key={m} value={String(Number(m))}>
                {m}
              </option>
            ))}
          </select>
          {errors.exp_month && (
            <span id="card-exp_month-error" className="field-error">
              {errors.exp_month}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="card-exp-year">Expiry year</label>
          <input
            id="card-exp-year"
            className="input"
            inputMode="numeric"
            maxLength={4}
            placeholder={String(new Date().getFullYear() + 3)}
            value={values.exp_year}
            aria-invalid={errors.exp_year ? true : undefined}
            aria-describedby={describedBy('exp_year')}
            onChange={(e) => set({ exp_year: e.target.value.replace(/\D/g, '') })}
          />
          {errors.exp_year && (
            <span id="card-exp_year-error" className="field-error">
              {errors.exp_year}
            </span>
          )}
        </div>
      </div>
      <label className={styles.checkboxRow}>
        <input type="checkbox" checked={values.is_default} onChange={(e) => set({ is_default: e.target.checked })} />
        Make this the default payment method
      </label>
      {serverError && (
        <div style={{ marginBottom: '1rem' }}>
          <Admonition type="danger" role="alert" title="The payment method could not be added">
            {serverError}
          </Admonition>
        </div>
      )}
      <div className={styles.formActions}>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add card record'}
        </button>
      </div>
    </form>
  )
}
