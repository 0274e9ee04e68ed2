import Link from 'next/link'
import type { Project } from '@/data/projects/projects-query'
import { cloudProviderLabel } from '@/lib/catalogue/cloud-providers'
import { regionLabel } from '@/lib/projects'
import { ProjectBranches } from './ProjectBranches'
import { ProjectStatusBadge } from '@/components/ui/ProjectStatusBadge'
import styles from './OrganizationHome.module.css'

export type ProjectCardProps = { project: Project; branches: readonly Project[] }

/** One project of the organization home: name, status, region and provider, with its branches below. */
export function ProjectCard({ project, branches }: ProjectCardProps) {
  return (
    <article className={`card ${styles.projectCard}`} aria-labelledby={`project-${project.ref}`}>
      <div className={styles.projectTop}>
        {/* A heading, so the card's "branches" h3 follows an h2 (headings go down one level at a time). */}
        <h2 className={styles.projectHeading}>
          <Link id={`project-${project.ref}`} href={`/project/${encodeURIComponent(project.ref)}`} className={styles.projectName}>
            {project.name}
          </Link>
        </h2>
        <ProjectStatusBadge status={project.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Region</dt>
          <dd>{regionLabel(project.region)}</dd>
        </div>
        <div>
          <dt>Provider</dt>
          <dd>{cloudProviderLabel(project.cloud_provider)}</dd>
        </div>
      </dl>
      <ProjectBranches project={project} listed={branches} />
    </article>
  )
}
