import Link from 'next/link'
import { useRouter } from 'next/router'
import type { ReactNode } from 'react'
import { OrganizationBanners } from '@/components/interfaces/App/Banners/OrganizationBanners'
import { AppLayout } from '@/components/layouts/AppLayout'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import styles from './OrganizationLayout.module.css'

type OrganizationLayoutProps = { slug: string | undefined; title: string; children: ReactNode }

/** Organization pages: the app frame plus the organization's tabs. */
export function OrganizationLayout({ slug, title, children }: OrganizationLayoutProps) {
  const router = useRouter()
  const { data: organizations } = useOrganizationsQuery()
  const organization = organizations?.find((o) => o.slug === slug)

  const tabs = slug
    ? [
        { label: 'Projects', href: `/org/${slug}` },
        { label: 'Team', href: `/org/${slug}/team` },
        { label: 'Billing', href: `/org/${slug}/billing` },
        { label: 'Settings', href: `/org/${slug}/general` },
      ]
    : []

  return (
    <AppLayout
      title={title}
      crumbs={[{ label: 'Organizations', href: '/organizations' }, { label: organization?.name ?? slug ?? '…' }]}
      banners={<OrganizationBanners organization={organization} />}
      organization={organization}
    >
      <nav className={styles.tabs} aria-label="Organization">
        {tabs.map((tab) => {
          const current = router.asPath.split(/[?#]/)[0] === tab.href
          return (
            <Link key={tab.href} href={tab.href} className={styles.tab} aria-current={current ? 'page' : undefined}>
              {tab.label}
            </Link>
          )
        })}
      </nav>
      <div className="page">{children}</div>
    </AppLayout>
  )
}
