import Head from 'next/head'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, type ReactNode } from 'react'
import { useAuth } from '@/components/layouts/AuthProvider'
import { FeaturePreviewModal } from '@/components/interfaces/App/FeaturePreview/FeaturePreviewModal'
import { useFeaturePreviewModal } from '@/hooks/use-feature-preview-modal'
import { GlobalBanners } from '@/components/interfaces/App/Banners/GlobalBanners'
import { OrganizationBanners, useOrganizationBanners, type BannerScope } from '@/components/interfaces/App/Banners/OrganizationBanners'
import { useProfile } from '@/components/layouts/ProfileProvider'
import { ErrorState } from '@/components/ui/ErrorState'
import { UserMenu } from '@/components/layouts/UserMenu'
import { isResponseError } from '@/data/fetchers'
import type { Organization } from '@/data/organizations/organizations-query'
import { isPlatform } from '@/lib/config'
import { useCommandMenuStore } from '@/state/command-menu'
import styles from './AppLayout.module.css'

export type Crumb = { label: string; href?: string }

type AppLayoutProps = {
  title: string
  crumbs?: Crumb[]
  /** Whose banners show under the header: an organization's (Project and Organization layouts) or, by default, none's. */
  bannerScope?: BannerScope
  /** A sidebar beside the page (project navigation). */
  sidebar?: ReactNode
  /** The organization and project in view: previews depend on the plan and group telemetry by them. */
  organization?: Organization
  projectRef?: string
  /** A side panel is open at the right edge: on wide screens the frame narrows to leave it its width. */
  sidePanelOpen?: boolean
  children: ReactNode
}

/** The signed-in frame of every page: header, banners, optional sidebar. */
export function AppLayout({ title, crumbs = [], bannerScope = 'outside', sidebar, organization, projectRef, sidePanelOpen = false, children }: AppLayoutProps) {
  const { isLoading, isLoggedIn } = useAuth()
  const router = useRouter()
  const openCommandMenu = useCommandMenuStore((s) => s.setOpen)
  const featurePreviews = useFeaturePreviewModal()
  const platform = isPlatform()
  // spec §7: everything else waits for the profile, which ProfileProvider loads (and creates).
  const { profile, error: profileError } = useProfile()
  // A network failure or 5xx on the profile means the platform is down.
  const platformUnreachable = isResponseError(profileError) && (profileError.code === undefined || profileError.code >= 500)
  const banners = useOrganizationBanners(bannerScope)
  // The page and the organization's banners appear together once the profile and every fact a
  // banner hangs on have answered, so no banner pushes a page already shown (issue 26: CLS).
  const ready = !(platform && (isLoading || !isLoggedIn)) && Boolean(profile) && banners.settled

  useEffect(() => {
    if (platform && !isLoading && !isLoggedIn) {
      void router.replace({ pathname: '/sign-in', query: { returnTo: router.asPath } })
    }
  }, [platform, isLoading, isLoggedIn, router])

  const landing = platform ? '/organizations' : '/project/default'
  return (
    <div className={sidePanelOpen ? `${styles.shell} ${styles.withSidePanel}` : styles.shell}>
      <Head>
        <title>{`${title} | Dashboard`}</title>
      </Head>
      <header className={styles.header}>
        {/* Frame links prefetch on hover only: each page has server props, asked while the page loads its data. */}
        <Link href={landing} prefetch={false} className={styles.logo} aria-label="Dashboard home">
          <img src="/dashboard/favicon.svg" alt="" width={22} height={22} />
        </Link>
        <nav aria-label="Breadcrumb" className={styles.crumbs}>
          {crumbs.map((crumb, i) => (
            <span key={`${crumb.label}-${i}`} className={styles.crumbs}>
              {i > 0 && <span className={styles.sep}>/</span>}
              {crumb.href ? <Link href={crumb.href} prefetch={false}>{crumb.label}</Link> : <span>{crumb.label}</span>}
            </span>
          ))}
        </nav>
        <div className={styles.spacer} />
        <div className={styles.actions}>
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => openCommandMenu(true)} aria-label="Open command menu">
            <span className={styles.hideOnMobile}>Search</span>
            <kbd className={styles.kbd}>⌘K</kbd>
          </button>
          <button
            type="button"
            className={`btn btn-sm btn-ghost ${styles.hideOnMobile}`}
            onClick={() => featurePreviews.open()}
          >
            Feature previews
          </button>
          <UserMenu />
        </div>
      </header>
      <div className={styles.banners}>
        <GlobalBanners platformUnreachable={platformUnreachable} />
      </div>
      <div className={styles.body}>
        {sidebar}
        <main className={styles.main} id="main">
          {profileError ? (
            <div className="page">
              <ErrorState title="Your profile could not be loaded" error={profileError} onRetry={() => void router.reload()} />
            </div>
          ) : ready ? (
            <>
              {/* In the work area, beside the navigation: appearing with the page, they move nothing already shown. */}
              {banners.banners.length > 0 && (
                <div className={styles.banners}>
                  <OrganizationBanners list={banners} />
                </div>
              )}
              {children}
            </>
          ) : (
            <LayoutSkeleton />
          )}
        </main>
      </div>
      <FeaturePreviewModal organizationPlanId={organization?.plan.id} organizationSlug={organization?.slug} projectRef={projectRef} />
    </div>
  )
}

/** Placeholder while the session is read (bounded: the redirect above ends it). */
export function LayoutSkeleton() {
  return (
    <div className={styles.loading} aria-busy="true" aria-label="Loading">
      <div className="skeleton" style={{ height: 28, width: 240 }} />
      <div className="skeleton" style={{ height: 120 }} />
      <div className="skeleton" style={{ height: 120 }} />
    </div>
  )
}
