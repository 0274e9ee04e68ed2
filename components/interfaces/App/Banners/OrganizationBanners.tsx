import Link from 'next/link'
import { useAuth } from '@/components/layouts/AuthProvider'
import { useOverdueInvoicesQuery } from '@/data/invoices/overdue-invoices-query'
import { useOrganizationCustomerQuery } from '@/data/organizations/organization-customer-query'
import type { Organization } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/permissions/permissions-query'
import { missingBillingBanner, overdueBanner, restrictionBanner } from '@/lib/banners'
import { BILLING_CUSTOMER_READ } from '@/lib/catalogue/permission-actions'
import { getConfig } from '@/lib/config'
import { doPermissionsCheck } from '@/lib/permissions'
import { Banner } from './Banner'

/** Banners of the current organization: restriction, overdue invoices, missing billing information. */
export function OrganizationBanners({ organization }: { organization: Organization | undefined }) {
  const { isPlatform, billingEnabled } = getConfig()
  const { isLoggedIn } = useAuth()
  const { data: permissions } = usePermissionsQuery({ enabled: isPlatform && isLoggedIn })
  const [action, resource] = BILLING_CUSTOMER_READ
  const canReadCustomer = doPermissionsCheck({
    permissions,
    organizationSlug: organization?.slug,
    action,
    resource,
    isPlatform,
  })
  const { data: overdue } = useOverdueInvoicesQuery({ enabled: isPlatform && isLoggedIn && billingEnabled })
  const { data: customer } = useOrganizationCustomerQuery({
    slug: organization?.slug,
    enabled: isPlatform && billingEnabled && canReadCustomer,
  })

  if (!isPlatform) return null
  const billingHref = organization ? `/org/${organization.slug}/billing` : undefined
  const banners = [
    restrictionBanner(organization),
    overdueBanner(overdue, organization?.id),
    customer ? missingBillingBanner(organization, customer.address?.line1) : null,
  ].filter((b) => b !== null)

  return (
    <>
      {banners.map((b) => (
        <Banner key={b.key} kind={b.kind} title={b.title}>
          {b.text}{' '}
          {billingHref && <BannerLink bannerKey={b.key} billingHref={billingHref} />}
        </Banner>
      ))}
    </>
  )
}

/** Where each banner sends the user to act on it. */
function BannerLink({ bannerKey, billingHref }: { bannerKey: string; billingHref: string }) {
  if (bannerKey === 'missing-billing') return <Link href={`${billingHref}#address`}>Add billing address</Link>
  if (bannerKey === 'overdue') return <Link href={`${billingHref}#invoices`}>View invoices</Link>
  if (bannerKey === 'overdue-elsewhere') return <Link href="/organizations">View organizations</Link>
  return <Link href={billingHref}>View usage</Link>
}
