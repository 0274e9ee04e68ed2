import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { AppLayout, LayoutSkeleton } from '@/components/layouts/AppLayout'
import { useProfile } from '@/components/layouts/ProfileProvider'
import { NavTabs } from '@/components/ui/NavTabs'
import { useMfaGuard } from '@/components/layouts/route-guard/use-mfa-guard'
import { useOrganizationGuard } from '@/components/layouts/route-guard/use-organization-guard'
import { useRecordLastVisitedOrganization } from '@/state/last-visited'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { isPlatform } from '@/lib/config'
import styles from './OrganizationLayout.module.css'

type OrganizationLayoutProps = { slug: string | undefined; title: string; children: ReactNode }

/** Organization pages: the app frame plus the organization's tabs. */
export function OrganizationLayout({ slug, title, children }: OrganizationLayoutProps) {
  const router = useRouter()
  const { profile } = useProfile()
  // spec §7: organizations wait for the profile.
  const { data: organizations, isPending: organizationsPending } = useOrganizationsQuery({ enabled: Boolean(profile) })
  const organization = organizations?.find((o) => o.slug === slug)
  // spec §2 route guard: unknown slug → toast and redirect; unmet MFA → the organization home.
  const orgGuard = useOrganizationGuard(slug)
  const mfaGuard = useMfaGuard(slug)
  const redirecting = orgGuard.action === 'redirect' || mfaGuard.action === 'redirect'
  // Only an organization the user belongs to becomes the last visited one (spec §3).
  useRecordLastVisitedOrganization(organization?.slug)

  const tabs = slug
    ? [
        { label: 'Projects', href: `/org/${slug}` },
        { label: 'Team', href: `/org/${slug}/team` },
        // Billing is a hosted-platform feature (absent when self-hosted).
        ...(isPlatform() ? [{ label: 'Billing', href: `/org/${slug}/billing` }] : []),
        { label: 'Settings', href: `/org/${slug}/general` },
      ]
    : []

  return (
    <AppLayout
      title={title}
      crumbs={[{ label: 'Organizations', href: '/organizations' }, { label: organization?.name ?? slug ?? '…' }]}
      bannerScope={{ organization, pending: Boolean(slug) && organizationsPending }}
      organization={organization}
    >
      <NavTabs label="Organization" tabs={tabs} current={router.asPath.split(/[?#]/)[0]} className={styles.tabs} />
      <div className="page">{redirecting ? <LayoutSkeleton /> : children}</div>
    </AppLayout>
  )
}
