import { z } from 'zod'
import { audit, auditOrg, type OrganizationRow } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { badRequest, notFound } from '../http/errors'
import { toIso } from '../organizations/serialize'
import { CARD_BRANDS, type PaymentMethod, type PaymentMethodCreateBody, type PaymentMethods } from '@/lib/api-types/billing'

/** Said in every payment-method response, and shown by the UI beside the cards. */
export const PAYMENT_METHODS_NOTE =
  'Cards are stored records only: the embedded platform keeps the brand, last four digits and expiry, never a card number, and processes no payment.'

export { CARD_BRANDS }
/** Expiry dates further ahead than this are not real cards. */
const MAX_YEARS_AHEAD = 20

export const createPaymentMethodBody = z.strictObject({
  brand: z.enum(CARD_BRANDS, `must be one of ${CARD_BRANDS.join(', ')}`),
  last4: z.string().regex(/^\d{4}$/, 'must be exactly 4 digits'),
  exp_month: z.number('must be a number').int('must be a whole number').min(1, 'must be 1 to 12').max(12, 'must be 1 to 12'),
  exp_year: z.number('must be a number').int('must be a whole number').min(2000, 'must be a four-digit year').max(2100, 'must be a four-digit year'),
  is_default: z.boolean().optional(),
}) satisfies z.ZodType<PaymentMethodCreateBody, PaymentMethodCreateBody>

export const updatePaymentMethodBody = z.strictObject({
  is_default: z.literal(true, 'can only be set to true: make another card the default instead'),
})

export const paymentMethodParams = z.object({ slug: z.string().min(1), id: z.coerce.number().int().positive() })

/** A card is valid through the last day of its expiry month (UTC). */
export function assertCardNotExpired(expMonth: number, expYear: number, now = new Date()): void {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  if (expYear < year || (expYear === year && expMonth < month)) {
    throw badRequest(`This card expired at the end of ${String(expMonth).padStart(2, '0')}/${expYear}`)
  }
  if (expYear > year + MAX_YEARS_AHEAD) throw badRequest(`exp_year must be within ${MAX_YEARS_AHEAD} years from now`)
}

type PaymentMethodRow = Omit<PaymentMethod, 'type' | 'created_at'> & { created_at: string | Date }
const serialize = (r: PaymentMethodRow): PaymentMethod => ({ ...r, type: 'card', created_at: toIso(r.created_at) as string })

export async function listPaymentMethods(db: Db, organizationId: number): Promise<PaymentMethods> {
  const { rows } = await db.query<PaymentMethodRow>(
    `select id, brand, last4, exp_month, exp_year, is_default, created_at
       from platform.payment_methods where organization_id = $1 order by is_default desc, created_at desc, id desc`,
    [organizationId]
  )
  return {
    data: rows.map(serialize),
    defaultPaymentMethodId: rows.find((r) => r.is_default)?.id ?? null,
    note: PAYMENT_METHODS_NOTE,
  }
}

/** Records a card; the first card, or one marked is_default, becomes the default. */
export async function createPaymentMethod(
  db: Db,
  caller: Caller,
  org: OrganizationRow,
  input: z.infer<typeof createPaymentMethodBody>
) {
  assertCardNotExpired(input.exp_month, input.exp_year)
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ n: number }>(
      'select count(*)::int as n from platform.payment_methods where organization_id = $1',
      [org.id]
    )
    const isDefault = input.is_default === true || existing.rows[0].n === 0
    if (isDefault) await tx.query('update platform.payment_methods set is_default = false where organization_id = $1', [org.id])
    const { rows } = await tx.query<PaymentMethodRow>(
      `insert into platform.payment_methods (organization_id, brand, last4, exp_month, exp_year, is_default)
       values ($1, $2, $3, $4, $5, $6) returning id, brand, last4, exp_month, exp_year, is_default, created_at`,
      [org.id, input.brand, input.last4, input.exp_month, input.exp_year, isDefault]
    )
    await auditOrg(tx, caller, org.id, 'billing.payment_method_added', `${input.brand} ${input.last4}`, { payment_method_id: rows[0].id, is_default: isDefault })
    return { ...serialize(rows[0]), note: PAYMENT_METHODS_NOTE }
  })
}

/** Makes a card the default one. */
export async function setDefaultPaymentMethod(db: Db, caller: Caller, org: OrganizationRow, id: number) {
  return db.transaction(async (tx) => {
    const found = await tx.query('select 1 from platform.payment_methods where id = $1 and organization_id = $2', [id, org.id])
    if (!found.rows.length) throw notFound(`Payment method ${id} not found`)
    await tx.query('update platform.payment_methods set is_default = false where organization_id = $1 and id <> $2', [org.id, id])
    const { rows } = await tx.query<PaymentMethodRow>(
      `update platform.payment_methods set is_default = true where id = $1
       returning id, brand, last4, exp_month, exp_year, is_default, created_at`,
      [id]
    )
    await audit(tx, { userId: caller.userId, organizationId: org.id, action: 'billing.payment_method_default_set', metadata: { payment_method_id: id } })
    return { ...serialize(rows[0]), note: PAYMENT_METHODS_NOTE }
  })
}

/** Deletes a card; when it was the default, the newest remaining card takes over. */
export async function deletePaymentMethod(db: Db, caller: Caller, org: OrganizationRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<PaymentMethodRow>(
      'delete from platform.payment_methods where id = $1 and organization_id = $2 returning *',
      [id, org.id]
    )
    const removed = rows[0]
    if (!removed) throw notFound(`Payment method ${id} not found`)
    if (removed.is_default) {
      await tx.query(
        `update platform.payment_methods set is_default = true where id = (
           select id from platform.payment_methods where organization_id = $1 order by created_at desc, id desc limit 1)`,
        [org.id]
      )
    }
    await auditOrg(tx, caller, org.id, 'billing.payment_method_removed', `${removed.brand} ${removed.last4}`, { payment_method_id: id })
  })
}
