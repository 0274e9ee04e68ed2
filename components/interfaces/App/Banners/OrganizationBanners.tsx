import Link from 'next/link'
import { useAuth } from '@/components/layouts/AuthProvider'
import { useOverdueInvoicesQuery } from '@/data/invoices/overdue-invoices-query'
import { useOrganizationCustomerQuery } from '@/data/organizations/organization-customer-query'
import type { Organization } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/permissions/permissions-query'
import { missingBillingBanner, overdueBanner, restrictionBanner, type BannerContent } from '@/lib/banners'
import { BILLING_CUSTOMER_READ } from '@/lib/catalogue/permission-actions'
import { getConfig } from '@/lib/config'
import { doPermissionsCheck } from '@/lib/permissions'
import { Banner } from './Banner'

/**
 * Where the banners are: inside an organization (`pending` while the queries that find it have not
 * answered; undefined and not pending when there is none to find), or outside every one.
 */
export type BannerScope = { organization: Organization | undefined; pending: boolean } | 'outside'

export type OrganizationBannerList = {
  banners: (BannerContent & { href?: string })[]
  /**
   * Every fact a banner hangs on has answered (or failed): the frame shows the page only then, so
   * a banner never appears above a page already on screen and pushes it down (issue 26: CLS).
   */
  settled: boolean
  billingHref?: string
}

/** The banners of the organization in view (restriction, overdue invoices, missing billing information), or of none. */
export function useOrganizationBanners(scope: BannerScope): OrganizationBannerList {
  const { isPlatform, billingEnabled } = getConfig()
  const { isLoggedIn } = useAuth()
  const organization = scope === 'outside' ? undefined : scope.organization
  const permissions = usePermissionsQuery({ enabled: isPlatform && isLoggedIn })
  const [action, resource] = BILLING_CUSTOMER_READ
  const canReadCustomer = doPermissionsCheck({ permissions: permissions.data, organizationSlug: organization?.slug, action, resource, isPlatform })
  const overdueEnabled = isPlatform && isLoggedIn && billingEnabled
  const overdue = useOverdueInvoicesQuery({ enabled: overdueEnabled })
  const customerEnabled = isPlatform && billingEnabled && canReadCustomer && Boolean(organization?.slug)
  const customer = useOrganizationCustomerQuery({ slug: organization?.slug, enabled: customerEnabled })

  if (!isPlatform) return { banners: [], settled: true }
  const inOrganization = scope !== 'outside'
  const organizationSettled = !inOrganization || (!scope.pending && (!billingEnabled || !permissions.isPending) && (!customerEnabled || !customer.isPending))
  const settled = isLoggedIn && (!overdueEnabled || !overdue.isPending) && organizationSettled
  const banners = [
    restrictionBanner(organization),
    overdueBanner(overdue.data, inOrganization ? organization?.id : null),
    customer.data ? missingBillingBanner(organization, customer.data.address?.line1) : null,
  ].filter((b) => b !== null)
  return { banners, settled, billingHref: organization ? `/org/${organization.slug}/billing` : undefined }
}

/** The banners `useOrganizationBanners` found, each with the link that acts on it. */
export function OrganizationBanners({ list }: { list: OrganizationBannerList }) {
  return (
    <>
      {list.banners.map((b) => (
        <Banner key={b.key} kind={b.kind} title={b.title}>
          {b.text} <BannerLink bannerKey={b.key} href={b.href} billingHref={list.billingHref} />
        </Banner>
      ))}
    </>
  )
}

/** Where each banner sends the user to act on it. */
function BannerLink({ bannerKey, href, billingHref }: { bannerKey: string; href?: string; billingHref?: string }) {
  if (bannerKey === 'overdue-elsewhere') return href ? <Link href={href}>View invoices</Link> : <Link href="/organizations">View organizations</Link>
  if (!billingHref) return null
  if (bannerKey === 'missing-billing') return <Link href={`${billingHref}#address`}>Add billing address</Link>
  if (bannerKey === 'overdue') return <Link href={`${billingHref}#invoices`}>View invoices</Link>
  return <Link href={billingHref}>View usage</Link>
}
