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
import { route } from '../http/route'
import { respond } from '../http/types'
import { slugParams } from '../organizations/schemas'

const ORG = '/platform/organizations/:slug'
const admin = { scope: 'organization', minimum: 'Admin' } as const
const member = { scope: 'organization', minimum: 'Read-only' } as const

/**
 * Billing customer, tax ids, payment-method records, subscription, invoices, usage and the
 * plan table. Owners and Admins read and write billing (spec §6 billing read on the customer);
 * every member may read the plan, the subscription and usage. Every route answers 404 where
 * billing is off (self-hosted, or the billing flag off), before anything else.
 */
const billing = { available: assertBillingAvailable, params: slugParams } as const

const saveCustomer = (method: 'PUT' | 'PATCH') =>
  route({
    ...billing,
    method,
    path: `${ORG}/customer`,
    summary: "Save the organization's billing customer (name, address)",
    access: admin,
    body: customerBody,
    handler: async ({ db, caller, org, body }) => updateCustomer(db, caller, org, body),
  })

export const billingRoutes = [
  // spec §7: runs only with the billing flag; without billing there is nothing overdue.
  route({
    method: 'GET',
    path: '/platform/stripe/invoices/overdue',
    summary: "Overdue invoices of the caller's organizations (empty without billing)",
    access: { scope: 'user' },
    handler: async ({ db, caller }) => (billingUnavailableReason(caller) ? [] : listOverdueInvoices(db, caller)),
  }),
  route({ ...billing, method: 'GET', path: `${ORG}/customer`, summary: "The organization's billing customer", access: admin, handler: async ({ db, org }) => getCustomer(db, org) }),
  saveCustomer('PUT'),
  saveCustomer('PATCH'),
  route({ ...billing, method: 'GET', path: `${ORG}/tax-ids`, summary: "The organization's tax ids", access: admin, handler: async ({ db, org }) => listTaxIds(db, org.id) }),
  route({
    ...billing,
    method: 'POST',
    path: `${ORG}/tax-ids`,
    summary: 'Add a tax id',
    access: admin,
    body: createTaxIdBody,
    handler: async ({ db, caller, org, body }) => respond(201, await createTaxId(db, caller, org, body)),
  }),
  route({
    ...billing,
    method: 'DELETE',
    path: `${ORG}/tax-ids/:id`,
    summary: 'Remove a tax id',
    access: admin,
    params: taxIdParams,
    handler: async ({ db, caller, org, params }) => deleteTaxId(db, caller, org, params.id).then(() => undefined),
  }),
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/payment-methods`,
    summary: "The organization's payment methods",
    access: admin,
    handler: async ({ db, org }) => listPaymentMethods(db, org.id),
  }),
  route({
    ...billing,
    method: 'POST',
    path: `${ORG}/payment-methods`,
    summary: 'Add a payment method record',
    access: admin,
    body: createPaymentMethodBody,
    handler: async ({ db, caller, org, body }) => respond(201, await createPaymentMethod(db, caller, org, body)),
  }),
  route({
    ...billing,
    method: 'PATCH',
    path: `${ORG}/payment-methods/:id`,
    summary: 'Make a payment method the default',
    access: admin,
    params: paymentMethodParams,
    body: updatePaymentMethodBody,
    handler: async ({ db, caller, org, params }) => setDefaultPaymentMethod(db, caller, org, params.id),
  }),
  route({
    ...billing,
    method: 'DELETE',
    path: `${ORG}/payment-methods/:id`,
    summary: 'Remove a payment method',
    access: admin,
    params: paymentMethodParams,
    handler: async ({ db, caller, org, params }) => deletePaymentMethod(db, caller, org, params.id).then(() => undefined),
  }),
  route({ ...billing, method: 'GET', path: `${ORG}/billing/plans`, summary: 'The plans and which one the organization is on', access: member, handler: async ({ org }) => listPlans(org) }),
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/billing/subscription`,
    summary: "The organization's subscription",
    access: member,
    handler: async ({ db, org }) => getSubscription(db, org),
  }),
  route({
    ...billing,
    method: 'PUT',
    path: `${ORG}/billing/subscription`,
    summary: 'Change plan',
    access: admin,
    body: planChangeBody,
    handler: async ({ db, caller, org, body }) => changePlan(db, caller, org, body),
  }),
  route({
    ...billing,
    method: 'POST',
    path: `${ORG}/billing/subscription/preview`,
    summary: 'Preview the charges of a plan change',
    access: admin,
    body: planChangeBody,
    handler: async ({ db, org, body }) => previewPlanChange(db, org, body),
  }),
  // HEAD answers the count in X-Total-Count (spec §7 HEAD helper); GET sends it too.
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/billing/invoices`,
    summary: 'A page of invoices (the total in X-Total-Count; HEAD for the count alone)',
    access: admin,
    query: invoiceListQuery,
    handler: async ({ db, org, query }) => {
      const [invoices, count] = await Promise.all([listInvoices(db, org.id, query), countInvoices(db, org.id)])
      return respond(200, invoices, { 'X-Total-Count': String(count) })
    },
  }),
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/billing/invoices/count`,
    summary: 'How many invoices the organization has',
    access: admin,
    handler: async ({ db, org }) => ({ count: await countInvoices(db, org.id) }),
  }),
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/billing/invoices/upcoming`,
    summary: 'The upcoming invoice of the current period',
    access: admin,
    handler: async ({ db, org }) => computeUpcomingInvoice(db, asBillingOrganization(org)),
  }),
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/billing/invoices/:id`,
    summary: 'One invoice',
    access: admin,
    params: invoiceParams,
    handler: async ({ db, org, params }) => getInvoice(db, org.id, params.id),
  }),
  route({
    ...billing,
    method: 'GET',
    path: `${ORG}/usage`,
    summary: "The organization's usage in the current billing period",
    access: member,
    handler: async ({ db, org }) => getOrganizationUsage(db, org, currentBillingPeriod(asBillingOrganization(org).billing_cycle_anchor)),
  }),
]
