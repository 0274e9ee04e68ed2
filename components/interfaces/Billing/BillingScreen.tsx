import { useAuth } from '@/components/layouts/AuthProvider'
import { EmptyState } from '@/components/ui/EmptyState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useSubscriptionQuery } from '@/data/billing/subscription-query'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import { useOrganizationCustomerQuery } from '@/data/organizations/organization-customer-query'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import type { Organization } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/permissions/permissions-query'
import { BILLING_CUSTOMER_READ, BILLING_SUBSCRIPTION_WRITE, type PermissionCheck } from '@/lib/catalogue/permission-actions'
import { getConfig } from '@/lib/config'
import { doPermissionsCheck } from '@/lib/permissions'
import { BillingAddressForm } from './BillingAddressForm'
import { BillingPermissionNote } from './BillingPermissionNote'
import { BillingSection } from './BillingSection'
import { ChangePlanSection } from './ChangePlanSection'
import { CurrentPlanCard } from './CurrentPlanCard'
import { InvoicesList } from './InvoicesList'
import { PaymentMethodsSection } from './PaymentMethodsSection'
import { TaxIdsSection } from './TaxIdsSection'
import { UpcomingInvoice } from './UpcomingInvoice'
import { UsageSection } from './UsageSection'
import { useScrollToHash } from './useScrollToHash'
import styles from './Billing.module.css'

/** Shown instead of the page in self-hosted mode (spec §1: billing is a hosted-platform feature). */
export const BILLING_SELF_HOSTED_TITLE = 'Billing is not available when self-hosted'

/** /org/{slug}/billing (spec §2): plan, usage against quota, plans, billing address, payment methods, invoices. */
export function BillingScreen({ slug }: { slug: string }) {
  const { isPlatform, billingEnabled } = getConfig()
  if (!isPlatform) {
    return (
      <Unavailable
        title={BILLING_SELF_HOSTED_TITLE}
        description="A self-hosted dashboard has no plans, quotas or invoices: your own server runs every project."
      />
    )
  }
  if (!billingEnabled) {
    return <Unavailable title="Billing is disabled on this platform" description="Plans, usage and invoices are not shown here." />
  }
  return <HostedBilling slug={slug} />
}

function Unavailable({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="billing-title">
      <header className={styles.header}>
        <h1 id="billing-title">Billing</h1>
      </header>
      <EmptyState title={title} description={description} />
    </section>
  )
}

/** Gate of the hosted page: billing read on the customer (spec §5, §6) is needed to see anything. */
function HostedBilling({ slug }: { slug: string }) {
  const { isLoggedIn } = useAuth()
  const permissions = usePermissionsQuery({ enabled: isLoggedIn })
  const organizations = useOrganizationsQuery()
  const organization = organizations.data?.find((org) => org.slug === slug)

  if (permissions.isPending) {
    return (
      <section aria-labelledby="billing-title">
        <BillingHeader organization={organization} />
        <SkeletonLines lines={5} label="Loading billing" />
      </section>
    )
  }

  const allowed = ([action, resource]: PermissionCheck) =>
    doPermissionsCheck({ permissions: permissions.data, organizationSlug: slug, action, resource, isPlatform: true })

  if (!allowed(BILLING_CUSTOMER_READ)) {
    return (
      <section aria-labelledby="billing-title">
        <BillingHeader organization={organization} />
        <BillingPermissionNote />
      </section>
    )
  }
  // The platform lets Owners and Admins read and write the billing records (customer, cards,
  // tax ids, invoices); every member may read the plan and usage.
  return <BillingSections slug={slug} organization={organization} canManage={allowed(BILLING_SUBSCRIPTION_WRITE)} />
}

function BillingHeader({ organization, withToc = false }: { organization: Organization | undefined; withToc?: boolean }) {
  return (
    <header className={styles.header}>
      <h1 id="billing-title">Billing</h1>
      <p className="muted">
        {organization ? `Plan, usage and invoices of ${organization.name}.` : 'Plan, usage and invoices of the organization.'}
      </p>
      {withToc && (
        <nav aria-label="Billing sections">
          <ul className={styles.toc}>
            <li>
              <a href="#plan">Plan</a>
            </li>
            <li>
              <a href="#usage">Usage</a>
            </li>
            <li>
              <a href="#plans">Change plan</a>
            </li>
            <li>
              <a href="#address">Billing address</a>
            </li>
            <li>
              <a href="#payment-methods">Payment methods</a>
            </li>
            <li>
              <a href="#invoices">Invoices</a>
            </li>
          </ul>
        </nav>
      )}
    </header>
  )
}

function BillingSections({ slug, organization, canManage }: { slug: string; organization: Organization | undefined; canManage: boolean }) {
  // The same queries the sections use (shared by key): the page may jump to an anchor once
  // the parts above it have their final height.
  const subscription = useSubscriptionQuery({ slug })
  const usage = useOrganizationUsageQuery({ slug })
  const customer = useOrganizationCustomerQuery({ slug, enabled: canManage })
  useScrollToHash(!subscription.isPending && !usage.isPending && (!canManage || !customer.isPending))

  return (
    <section aria-labelledby="billing-title">
      <BillingHeader organization={organization} withToc />

      <BillingSection id="plan" title="Subscription plan" description="Your organization's plan, its price and who bills it.">
        <CurrentPlanCard slug={slug} organization={organization} />
      </BillingSection>

      <BillingSection
        id="usage"
        title="Usage"
        description="Usage of the current billing period against the quota of your plan. Bars turn amber at 75% of a quota and red once it is reached."
      >
        <UsageSection slug={slug} />
      </BillingSection>

      <BillingSection
        id="plans"
        title="Change plan"
        description="Prices, quotas and roles of each plan. Enterprise plans are agreed with sales."
        wide
      >
        <ChangePlanSection slug={slug} organization={organization} canManage={canManage} />
      </BillingSection>

      <BillingSection
        id="address"
        title="Billing address"
        description="Shown on your invoices. If you are a registered business, please add a tax ID too."
        restricted={{ allowed: canManage, what: 'the billing address' }}
      >
        <BillingAddressForm slug={slug} />
        <TaxIdsSection slug={slug} />
      </BillingSection>

      <BillingSection id="payment-methods" title="Payment methods" description="Cards on record for this organization." restricted={{ allowed: canManage, what: 'payment methods' }}>
        <PaymentMethodsSection slug={slug} />
      </BillingSection>

      <BillingSection id="invoices" title="Invoices" description="The upcoming invoice of this period and every past invoice." restricted={{ allowed: canManage, what: 'invoices' }}>
        <UpcomingInvoice slug={slug} />
        <InvoicesList slug={slug} />
      </BillingSection>
    </section>
  )
}
