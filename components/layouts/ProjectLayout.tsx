import Link from 'next/link'
import { useRouter } from 'next/router'
import { useState, type ReactNode } from 'react'
import { AiAssistantButton } from '@/components/interfaces/App/AiAssistant/AiAssistantButton'
import { AiAssistantPanel } from '@/components/interfaces/App/AiAssistant/AiAssistantPanel'
import { ApiDocsButton } from '@/components/interfaces/App/ApiDocs/ApiDocsButton'
import { useAiAssistantPanelQueryParam } from '@/components/interfaces/App/AiAssistant/useAiAssistantPanelQueryParam'
import { AppLayout, LayoutSkeleton } from '@/components/layouts/AppLayout'
import { useProfile } from '@/components/layouts/ProfileProvider'
import { useMfaGuard } from '@/components/layouts/route-guard/use-mfa-guard'
import { useProjectGuard } from '@/components/layouts/route-guard/use-project-guard'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { isPlatform } from '@/lib/config'
import { useAiAssistantState } from '@/state/ai-assistant'
import { useProjectRoutes } from '@/hooks/use-project-routes'
import styles from './ProjectLayout.module.css'

type ProjectLayoutProps = { projectRef: string | undefined; title: string; children: ReactNode }

/** Project pages: the app frame plus the project's navigation (a menu on mobile). */
export function ProjectLayout({ projectRef, title, children }: ProjectLayoutProps) {
  const router = useRouter()
  const [menuOpen, setMenuOpen] = useState(false)
  // spec §2: aiAssistantPanelOpen=true|false opens or closes the panel on load.
  useAiAssistantPanelQueryParam()
  const { profile } = useProfile()
  const { data: project, isPending: projectPending } = useProjectDetailQuery({ ref: projectRef })
  // spec §7: organizations wait for the profile.
  const { data: organizations, isPending: organizationsPending } = useOrganizationsQuery({ enabled: isPlatform() && Boolean(profile) })
  const organization = organizations?.find((o) => o.id === project?.organization_id)
  // spec §2 route guard: unknown ref → toast and redirect; unmet MFA → the organization home.
  const projectGuard = useProjectGuard(projectRef)
  const mfaGuard = useMfaGuard(organization?.slug)
  const redirecting = projectGuard.action === 'redirect' || mfaGuard.action === 'redirect'
  // The open assistant takes its width from the page (issue 26: it lay over the editors' buttons).
  const { open: assistantOpen } = useAiAssistantState()
  const routes = useProjectRoutes()
  const sections = [...new Set(routes.map((r) => r.section))]
  const path = router.asPath.split(/[?#]/)[0]
  // The most specific matching entry is the current one (`/functions/secrets` is Secrets, not Functions).
  const currentHref = projectRef
    ? routes
        .map((r) => r.href(projectRef))
        .filter((href) => isCurrentRoute(path, href, projectRef))
        .sort((a, b) => b.length - a.length)[0]
    : undefined

  const crumbs = [
    ...(organization ? [{ label: organization.name, href: `/org/${organization.slug}` }] : []),
    { label: project?.name ?? projectRef ?? '…' },
  ]

  const sidebar = projectRef ? (
    <nav className={`${styles.sidebar} ${menuOpen ? styles.open : ''}`} aria-label="Project">
      {sections.map((section) => (
        <div key={section} className={styles.section}>
          <div className={styles.sectionTitle}>{section}</div>
          {routes
            .filter((r) => r.section === section)
            .map((r) => {
              const href = r.href(projectRef)
              return (
                // No prefetch while in view: every page has server props (the CSP nonce), so twenty
                // links would ask the server for twenty pages while the current one loads its data.
                // Hovering a link still prefetches it.
                <Link key={r.key} href={href} prefetch={false} className={styles.link} aria-current={href === currentHref ? 'page' : undefined} onClick={() => setMenuOpen(false)}>
                  {r.label}
                </Link>
              )
            })}
        </div>
      ))}
    </nav>
  ) : null

  return (
    <AppLayout title={title} crumbs={crumbs} sidebar={sidebar} bannerScope={{ organization, pending: Boolean(projectRef) && (projectPending || organizationsPending) }}
      organization={organization}
      projectRef={projectRef}
      sidePanelOpen={Boolean(projectRef) && assistantOpen}
    >
      <div className={styles.toolbar}>
        <button type="button" className={`btn btn-sm ${styles.menuButton}`} aria-expanded={menuOpen} onClick={() => setMenuOpen((v) => !v)}>
          Project menu
        </button>
        {projectRef && <ApiDocsButton projectRef={projectRef} className="btn btn-sm" />}
        <AiAssistantButton className="btn btn-sm" />
      </div>
      {redirecting ? <LayoutSkeleton /> : children}
      {projectRef && <AiAssistantPanel projectRef={projectRef} />}
    </AppLayout>
  )
}

/** The project home matches only itself; an area matches its own pages too (`/sql` and `/sql/{id}`). */
function isCurrentRoute(path: string, href: string, ref: string): boolean {
  if (href === `/project/${ref}`) return path === href
  const area = href.replace(/\/new$/, '')
  return path === area || path.startsWith(`${area}/`)
}
