import { getOrgAccess, type Role } from '../access'
import { requireCaller } from '../auth/caller'
import { assertBillingAvailable, billingUnavailableReason } from '../billing/availability'
import { asBillingOrganization } from '../billing/billing-org'
import { customerBody, getCustomer, updateCustomer } from '../billing/customer'
import { countInvoices, getInvoice, invoiceListQuery, invoiceParams, listInvoices, listOverdueInvoices } from '../billing/invoices'
import {
  createPaymentMethod,
  createPaymentMethodBody,
  deletePaymentMethod,
  listPaymentMethods,
  paymentMethodParams,
  setDefaultPaymentMethod,
  updatePaymentMethodBody,
} from '../billing/payment-methods'
import { currentBillingPeriod } from '../billing/periods'
import { listPlans } from '../billing/plans'
import { changePlan, getSubscription, planChangeBody, previewPlanChange } from '../billing/subscription'
import { createTaxId, createTaxIdBody, deleteTaxId, listTaxIds, taxIdParams } from '../billing/tax-ids'
import { computeUpcomingInvoice } from '../billing/upcoming'
import { getOrganizationUsage } from '../billing/usage'
import { getStore } from '../db/store'
import type { Router } from '../http/router'
import { respond, type ApiRequest } from '../http/types'
import { parseBody, parseParams, parseQuery } from '../http/validate'
import { slugParams } from '../organizations/schemas'

const ORG = '/platform/organizations/:slug'

/**
 * Billing context: signed in (401), billing available (404 in self-hosted mode or with the
 * billing flag off), member of the organization (404) with at least `minimum` (403).
 */
async function billingContext(req: ApiRequest, minimum: Role) {
  const caller = await requireCaller(req)
  assertBillingAvailable(caller)
  const db = await getStore()
  const { slug } = parseParams(req, slugParams)
  const access = await getOrgAccess(db, caller, slug, minimum)
  return { caller, db, ...access }
}

/**
 * Billing customer, tax ids, payment-method records, subscription, invoices, usage and the
 * plan table. Owners and Admins read and write billing (spec §6 billing read on the customer);
 * every member may read the plan, the subscription and usage.
 */
export function registerBillingRoutes(router: Router): void {
  // spec §7: runs only with the billing flag; without billing there is nothing overdue.
  router.get('/platform/stripe/invoices/overdue', async (req) => {
    const caller = await requireCaller(req)
    if (billingUnavailableReason(caller)) return []
    return listOverdueInvoices(await getStore(), caller)
  })

  router.get(`${ORG}/customer`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return getCustomer(db, org)
  })
  const saveCustomer = async (req: ApiRequest) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    return updateCustomer(db, caller, org, await parseBody(req, customerBody))
  }
  router.put(`${ORG}/customer`, saveCustomer)
  router.patch(`${ORG}/customer`, saveCustomer)

  router.get(`${ORG}/tax-ids`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return listTaxIds(db, org.id)
  })
  router.post(`${ORG}/tax-ids`, async (req) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    return respond(201, await createTaxId(db, caller, org, await parseBody(req, createTaxIdBody)))
  })
  router.delete(`${ORG}/tax-ids/:id`, async (req) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    await deleteTaxId(db, caller, org, parseParams(req, taxIdParams).id)
    return undefined
  })

  router.get(`${ORG}/payment-methods`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return listPaymentMethods(db, org.id)
  })
  router.post(`${ORG}/payment-methods`, async (req) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    return respond(201, await createPaymentMethod(db, caller, org, await parseBody(req, createPaymentMethodBody)))
  })
  router.patch(`${ORG}/payment-methods/:id`, async (req) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    const { id } = parseParams(req, paymentMethodParams)
    await parseBody(req, updatePaymentMethodBody)
    return setDefaultPaymentMethod(db, caller, org, id)
  })
  router.delete(`${ORG}/payment-methods/:id`, async (req) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    await deletePaymentMethod(db, caller, org, parseParams(req, paymentMethodParams).id)
    return undefined
  })

  router.get(`${ORG}/billing/plans`, async (req) => {
    const { org } = await billingContext(req, 'Read-only')
    return listPlans(org)
  })

  router.get(`${ORG}/billing/subscription`, async (req) => {
    const { db, org } = await billingContext(req, 'Read-only')
    return getSubscription(db, org)
  })
  router.put(`${ORG}/billing/subscription`, async (req) => {
    const { caller, db, org } = await billingContext(req, 'Admin')
    return changePlan(db, caller, org, await parseBody(req, planChangeBody))
  })
  router.post(`${ORG}/billing/subscription/preview`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return previewPlanChange(db, org, await parseBody(req, planChangeBody))
  })

  // HEAD answers the count in X-Total-Count (spec §7 HEAD helper); GET sends it too.
  router.get(`${ORG}/billing/invoices`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    const page = parseQuery(req, invoiceListQuery)
    const [invoices, count] = await Promise.all([listInvoices(db, org.id, page), countInvoices(db, org.id)])
    return respond(200, invoices, { 'X-Total-Count': String(count) })
  })
  router.get(`${ORG}/billing/invoices/count`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return { count: await countInvoices(db, org.id) }
  })
  router.get(`${ORG}/billing/invoices/upcoming`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return computeUpcomingInvoice(db, asBillingOrganization(org))
  })
  router.get(`${ORG}/billing/invoices/:id`, async (req) => {
    const { db, org } = await billingContext(req, 'Admin')
    return getInvoice(db, org.id, parseParams(req, invoiceParams).id)
  })

  router.get(`${ORG}/usage`, async (req) => {
    const { db, org } = await billingContext(req, 'Read-only')
    const period = currentBillingPeriod(asBillingOrganization(org).billing_cycle_anchor)
    return getOrganizationUsage(db, org, period)
  })
}
