import { z } from 'zod'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { notFound } from '../http/errors'
import { toIso } from '../organizations/serialize'
import type { Invoice, InvoiceLine, InvoicePage, InvoiceStatus, OverdueInvoice } from '@/lib/api-types/billing'

export type { InvoiceLine, InvoiceStatus } from '@/lib/api-types/billing'

export const invoiceListQuery = z.object({
  offset: z.coerce.number('must be a number').int().min(0, 'must be 0 or more').default(0),
  limit: z.coerce.number('must be a number').int().min(1, 'must be 1 to 100').max(100, 'must be 1 to 100').default(10),
}) satisfies z.ZodType<InvoicePage, unknown>

export const invoiceParams = z.object({ slug: z.string().min(1), id: z.coerce.number('must be an invoice id').int().positive() })

/** A row of platform.invoices: the wire shape's fields, with timestamps as the driver returns them. */
type InvoiceRow = Omit<Invoice, 'period_start' | 'period_end' | 'due_date' | 'created_at' | 'lines' | 'overdue'> & {
  period_start: string | Date
  period_end: string | Date
  due_date: string | Date | null
  created_at: string | Date
  lines: InvoiceLine[]
  overdue: boolean
}

// Invoices without a number (e.g. written by plan changes) get one derived from their id.
const INVOICE_SELECT = `
  select id, organization_id, coalesce(number, 'INV-' || lpad(id::text, 6, '0')) as number, status, currency,
         subtotal, total, amount_due, amount_paid, period_start, period_end, due_date, created_at, lines,
         (status = 'open' and due_date is not null and due_date < now()) as overdue
    from platform.invoices`

/** An invoice as the API returns it; amounts are integer cents of `currency`. */
export function serializeInvoice(r: InvoiceRow): Invoice {
  return {
    ...r,
    period_start: toIso(r.period_start) as string,
    period_end: toIso(r.period_end) as string,
    due_date: toIso(r.due_date),
    created_at: toIso(r.created_at) as string,
  }
}

/** Invoices of an organization, newest first. */
export async function listInvoices(db: Db, organizationId: number, page: z.infer<typeof invoiceListQuery>) {
  const { rows } = await db.query<InvoiceRow>(
    `${INVOICE_SELECT} where organization_id = $1 order by created_at desc, id desc offset $2 limit $3`,
    [organizationId, page.offset, page.limit]
  )
  return rows.map(serializeInvoice)
}

export async function countInvoices(db: Db, organizationId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from platform.invoices where organization_id = $1', [organizationId])
  return rows[0].n
}

export async function getInvoice(db: Db, organizationId: number, id: number) {
  const { rows } = await db.query<InvoiceRow>(`${INVOICE_SELECT} where organization_id = $1 and id = $2`, [organizationId, id])
  if (!rows[0]) throw notFound(`Invoice ${id} not found`)
  return serializeInvoice(rows[0])
}

/**
 * Open invoices past their due date in every organization where the caller handles billing
 * (Owner or Admin): the outstanding-invoices banners of spec §8, here and in other organizations.
 */
export async function listOverdueInvoices(db: Db, caller: Caller): Promise<OverdueInvoice[]> {
  const { rows } = await db.query<InvoiceRow & { organization_slug: string }>(
    `select i.*, o.slug as organization_slug from (${INVOICE_SELECT}) i
       join platform.organizations o on o.id = i.organization_id
       join platform.members m on m.organization_id = o.id and m.user_id = $1 and m.role in ('Owner', 'Admin')
      where i.overdue
      order by i.due_date, i.id`,
    [caller.userId]
  )
  return rows.map((r) => ({
    id: r.id,
    organization_id: r.organization_id,
    organization_slug: r.organization_slug,
    number: r.number,
    amount_due: r.amount_due,
    currency: r.currency,
    due_date: toIso(r.due_date),
    created_at: toIso(r.created_at),
  }))
}

/** Writes an invoice (plan changes, the demo seed). Amounts are integer cents. */
export async function insertInvoice(
  db: Db,
  input: {
    organizationId: number
    status: InvoiceStatus
    lines: InvoiceLine[]
    periodStart: Date
    periodEnd: Date
    dueDate?: Date | null
    amountPaid?: number
    number?: string
    createdAt?: Date
  }
): Promise<number> {
  const total = input.lines.reduce((sum, l) => sum + l.amount, 0)
  const { rows } = await db.query<{ id: number }>(
    `insert into platform.invoices
       (organization_id, number, status, subtotal, total, amount_due, amount_paid, period_start, period_end, due_date, lines, created_at)
     values ($1, $2, $3, $4, $4, $4, $5, $6, $7, $8, $9, coalesce($10, now())) returning id`,
    [
      input.organizationId,
      input.number ?? null,
      input.status,
      total,
      input.amountPaid ?? (input.status === 'paid' ? total : 0),
      input.periodStart,
      input.periodEnd,
      input.dueDate ?? null,
      JSON.stringify(input.lines),
      input.createdAt ?? null,
    ]
  )
  return rows[0].id
}
