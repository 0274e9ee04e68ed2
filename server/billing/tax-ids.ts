import { z } from 'zod'
import { auditOrg, type OrganizationRow } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { badRequest, conflict, notFound } from '../http/errors'
import { toIso } from '../organizations/serialize'
import { isCountryCode } from './country'
import type { TaxId, TaxIdCreateBody } from '@/lib/api-types/billing'

type TaxIdRule = {
  label: string
  /** Normalises what people type (spaces, case) before the check. */
  normalize: (value: string) => string
  pattern: RegExp
  example: string
  /** The country the id belongs to; for EU VAT numbers it follows from the prefix. */
  country: (value: string) => string
}

const compact = (v: string) => v.toUpperCase().replace(/[\s.]/g, '')
// EU VAT prefixes are country codes except Greece (EL) and Northern Ireland (XI).
const EU_PREFIX_COUNTRY: Record<string, string> = { EL: 'GR', XI: 'GB' }
/** A rule for one country's ids, typed with spaces and dots dropped and letters upper-cased unless `normalize` says otherwise. */
const national = (label: string, country: string, pattern: RegExp, example: string, normalize = compact): TaxIdRule => ({
  label,
  normalize,
  pattern,
  example,
  country: () => country,
})

/** Tax id types accepted, each checked by a simple shape (not a registry lookup). */
export const TAX_ID_RULES = {
  eu_vat: {
    label: 'EU VAT number',
    normalize: (v) => compact(v).replace(/-/g, ''),
    pattern: /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z]{2,12}$/,
    example: 'DE123456789',
    country: (v) => EU_PREFIX_COUNTRY[v.slice(0, 2)] ?? v.slice(0, 2),
  },
  gb_vat: national('UK VAT number', 'GB', /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/, 'GB123456789'),
  us_ein: national('US Employer Identification Number', 'US', /^\d{2}-\d{7}$/, '12-3456789', (v) => v.trim().replace(/^(\d{2})(\d{7})$/, '$1-$2')),
  au_abn: national('Australian Business Number', 'AU', /^\d{11}$/, '12345678912'),
  ca_bn: national('Canadian Business Number', 'CA', /^\d{9}$/, '123456789'),
  ch_vat: national('Swiss VAT number', 'CH', /^CHE-\d{3}\.\d{3}\.\d{3} (MWST|TVA|IVA)$/, 'CHE-123.456.789 MWST', (v) => v.trim().toUpperCase().replace(/\s+/g, ' ')),
  in_gst: national('Indian GST number', 'IN', /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, '12ABCDE3456FGZH'),
  jp_cn: national('Japanese Corporate Number', 'JP', /^\d{13}$/, '1234567891234'),
} satisfies Record<string, TaxIdRule>

export type TaxIdType = keyof typeof TAX_ID_RULES
const TYPES = Object.keys(TAX_ID_RULES) as [TaxIdType, ...TaxIdType[]]

export const createTaxIdBody = z.strictObject({
  type: z.enum(TYPES, `must be one of ${TYPES.join(', ')}`),
  value: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters'),
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(isCountryCode, 'must be an ISO 3166-1 two-letter country code, e.g. DE or US')
    .optional(),
}) satisfies z.ZodType<TaxIdCreateBody, TaxIdCreateBody>

export const taxIdParams = z.object({ slug: z.string().min(1), id: z.coerce.number().int().positive() })

/** Checks and normalises a tax id; a 400 names the expected shape. */
export function normalizeTaxId(input: z.infer<typeof createTaxIdBody>): { type: TaxIdType; value: string; country: string } {
  const rule: TaxIdRule = TAX_ID_RULES[input.type]
  const value = rule.normalize(input.value)
  if (!rule.pattern.test(value)) throw badRequest(`value is not a valid ${rule.label} (${input.type}), e.g. ${rule.example}`)
  const country = rule.country(value)
  if (input.country && input.country !== country) {
    throw badRequest(`country ${input.country} does not match this ${rule.label}, which belongs to ${country}`)
  }
  return { type: input.type, value, country }
}

type TaxIdRow = Omit<TaxId, 'type' | 'created_at'> & { type: TaxIdType; created_at: string | Date }
const serialize = (r: TaxIdRow) => ({ ...r, created_at: toIso(r.created_at) as string }) satisfies TaxId

export async function listTaxIds(db: Db, organizationId: number) {
  const { rows } = await db.query<TaxIdRow>(
    'select id, type, value, country, created_at from platform.tax_ids where organization_id = $1 order by created_at, id',
    [organizationId]
  )
  return rows.map(serialize)
}

export async function createTaxId(db: Db, caller: Caller, org: OrganizationRow, input: z.infer<typeof createTaxIdBody>) {
  const taxId = normalizeTaxId(input)
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<TaxIdRow>(
      `insert into platform.tax_ids (organization_id, type, value, country) values ($1, $2, $3, $4)
       on conflict (organization_id, type, value) do nothing returning id, type, value, country, created_at`,
      [org.id, taxId.type, taxId.value, taxId.country]
    )
    if (!rows[0]) throw conflict(`This organization already has the ${taxId.type} ${taxId.value}`)
    await auditOrg(tx, caller, org.id, 'billing.tax_id_added', taxId.value, { type: taxId.type })
    return serialize(rows[0])
  })
}

export async function deleteTaxId(db: Db, caller: Caller, org: OrganizationRow, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ value: string; type: string }>(
      'delete from platform.tax_ids where id = $1 and organization_id = $2 returning value, type',
      [id, org.id]
    )
    if (!rows[0]) throw notFound(`Tax id ${id} not found`)
    await auditOrg(tx, caller, org.id, 'billing.tax_id_removed', rows[0].value, { type: rows[0].type })
  })
}
