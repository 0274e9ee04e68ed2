import { z } from 'zod'
import { auditOrg, type OrganizationRow } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { NO_NUL, emailSchema, noNul } from '@/lib/api-types/organizations'
import { isCountryCode } from './country'
import type { OrganizationCustomer, OrganizationCustomerBody } from '@/lib/api-types/billing'

const line = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`).refine(noNul, NO_NUL)
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine(noNul, NO_NUL)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null))

export const addressSchema = z.strictObject({
  line1: line(200),
  line2: optionalLine(200),
  city: optionalLine(100),
  postal_code: optionalLine(20),
  state: optionalLine(100),
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, 'must be an ISO 3166-1 two-letter country code, e.g. DE or US'),
})

export const customerBody = z
  .strictObject({
    address: addressSchema.nullable().optional(),
    email: emailSchema.nullable().optional(),
    name: line(200).nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'give at least one of address, email, name') satisfies z.ZodType<unknown, OrganizationCustomerBody>

type CustomerRow = {
  name: string | null
  address_line1: string | null
  address_line2: string | null
  address_city: string | null
  address_postal_code: string | null
  address_state: string | null
  address_country: string | null
}

/** The organization's billing customer (spec §3: address.line1 drives the missing-billing banner). */
export async function getCustomer(db: Db, org: OrganizationRow): Promise<OrganizationCustomer> {
  const { rows } = await db.query<CustomerRow & { billing_email: string | null }>(
    `select c.*, o.billing_email from platform.organizations o
       left join platform.billing_customers c on c.organization_id = o.id where o.id = $1`,
    [org.id]
  )
  const row = rows[0]
  return {
    address:
      row.address_line1 && row.address_country
        ? {
            line1: row.address_line1,
            line2: row.address_line2,
            city: row.address_city,
            postal_code: row.address_postal_code,
            state: row.address_state,
            country: row.address_country,
          }
        : null,
    // One billing e-mail: the organization's.
    email: row.billing_email,
    name: row.name,
  }
}

/** Updates the fields given (PUT and PATCH alike); `address: null` removes the address. */
export async function updateCustomer(
  db: Db,
  caller: Caller,
  org: OrganizationRow,
  input: z.infer<typeof customerBody>
): Promise<OrganizationCustomer> {
  return db.transaction(async (tx) => {
    await tx.query('insert into platform.billing_customers (organization_id) values ($1) on conflict do nothing', [org.id])
    if (input.name !== undefined) {
      await tx.query('update platform.billing_customers set name = $2, updated_at = now() where organization_id = $1', [org.id, input.name])
    }
    if (input.address !== undefined) {
      const a = input.address
      await tx.query(
        `update platform.billing_customers set address_line1 = $2, address_line2 = $3, address_city = $4,
                address_postal_code = $5, address_state = $6, address_country = $7, updated_at = now()
          where organization_id = $1`,
        [org.id, a?.line1 ?? null, a?.line2 ?? null, a?.city ?? null, a?.postal_code ?? null, a?.state ?? null, a?.country ?? null]
      )
    }
    if (input.email !== undefined) {
      await tx.query('update platform.organizations set billing_email = $2 where id = $1', [org.id, input.email])
    }
    await auditOrg(tx, caller, org.id, 'billing.customer_updated', org.slug, { fields: Object.keys(input) })
    return getCustomer(tx, org)
  })
}
