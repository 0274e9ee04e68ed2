import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { SelectField, TextField } from '@/components/ui/Field'
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
import { FormSubmit } from './FormSubmit'
import { RemoveButton } from './RemoveButton'
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
        <ul className={`surface ${styles.records}`} aria-label="Payment methods">
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
                  <RemoveButton label={`Remove ${name}`} remove={remove} slug={slug} id={card.id} />
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
  const errorOf = (name: keyof CardErrors) => ({ error: errors[name], errorId: `card-${name}-error` })

  return (
    <form className="card" onSubmit={submit} noValidate aria-label="Add a payment method">
      <h3 className={styles.subheading} style={{ marginBottom: '0.75rem' }}>
        Add a card record
      </h3>
      <div className={styles.formGrid}>
        <SelectField id="card-brand" label="Card brand" value={values.brand} onChange={(e) => set({ brand: e.target.value })} options={CARD_BRANDS.map((brand) => ({ value: brand, label: cardBrandLabel(brand) }))} />
        <TextField
          id="card-last4"
          label="Last four digits"
          inputMode="numeric"
          maxLength={4}
          value={values.last4}
          {...errorOf('last4')}
          onChange={(e) => set({ last4: e.target.value.replace(/\D/g, '') })}
        />
        <SelectField
          id="card-exp-month"
          label="Expiry month"
          value={values.exp_month}
          {...errorOf('exp_month')}
          onChange={(e) => set({ exp_month: e.target.value })}
          options={MONTHS.map((m) => ({ value: String(Number(m)), label: m }))}
        >
          <option value="">Month</option>
        </SelectField>
        <TextField
          id="card-exp-year"
          label="Expiry year"
          inputMode="numeric"
          maxLength={4}
          placeholder={String(new Date().getFullYear() + 3)}
          value={values.exp_year}
          {...errorOf('exp_year')}
          onChange={(e) => set({ exp_year: e.target.value.replace(/\D/g, '') })}
        />
      </div>
      <label className={styles.checkboxRow}>
        <input type="checkbox" checked={values.is_default} onChange={(e) => set({ is_default: e.target.checked })} />
        Make this the default payment method
      </label>
      <FormSubmit error={serverError} errorTitle="The payment method could not be added" pending={create.isPending} label="Add card record" pendingLabel="Adding…" />
    </form>
  )
}
