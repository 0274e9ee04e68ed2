import Link from 'next/link'
import { EmptyState } from '@/components/ui/EmptyState'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { countOrganizationProjects, projectCountLabel } from '@/lib/projects'
import { groupOrganizationProjects } from '@/lib/projects'
import { ProjectCard } from './ProjectCard'
import styles from './OrganizationHome.module.css'
import { MfaRequiredNotice } from '@/components/layouts/route-guard/MfaRequiredNotice'

/** /org/{slug} (spec §2): the organization's projects with status, region and provider. */
export function OrganizationHomeScreen({ slug }: { slug: string }) {
  const organizations = useOrganizationsQuery()
  const projects = useProjectsQuery()
  const organization = organizations.data?.find((org) => org.slug === slug)
  const newProjectHref = `/new/${encodeURIComponent(slug)}`

  const failed = organizations.isError ? organizations : projects.isError ? projects : null

  return (
    <section aria-labelledby="org-projects-title">
      <MfaRequiredNotice slug={slug} />
      <div className="title-row">
        <div>
          <h1 id="org-projects-title">{organization?.name ?? 'Projects'}</h1>
          {organization && projects.data && (
            <p className="muted" style={{ margin: 0 }}>
              {organization.plan.name} plan · {projectCountLabel(countOrganizationProjects(projects.data, organization.id))}
            </p>
          )}
        </div>
        <Link href={newProjectHref} className={`btn btn-primary ${styles.newProject}`}>
          New project
        </Link>
      </div>

      {failed ? (
        <QueryErrorState title={failed === organizations ? 'Failed to load the organization' : 'Failed to load projects'} query={failed} />
      ) : !organizations.data || !projects.data ? (
        <SkeletonLines lines={4} label="Loading projects" />
      ) : !organization ? (
        // The route guard redirects unknown slugs; this shows only until it does.
        <SkeletonLines lines={2} label="Loading organization" />
      ) : (
        <ProjectGrid organizationId={organization.id} newProjectHref={newProjectHref} projects={projects.data} />
      )}
    </section>
  )
}

function ProjectGrid({
  organizationId,
  newProjectHref,
  projects,
}: {
  organizationId: number
  newProjectHref: string
  projects: Parameters<typeof groupOrganizationProjects>[0]
}) {
  const groups = groupOrganizationProjects(projects, organizationId)
  if (groups.length === 0) {
    return (
      <EmptyState
        title="No projects yet"
        description="A project is a Postgres database with its APIs, auth and storage. Create one to get started."
        action={
          <Link href={newProjectHref} className="btn btn-primary">
            Create a project
          </Link>
        }
      />
    )
  }
  return (
    <ul className={styles.grid} aria-label="Projects">
      {groups.map(({ project, branches }) => (
        <li key={project.ref}>
          <ProjectCard project={project} branches={branches} />
        </li>
      ))}
    </ul>
  )
}
