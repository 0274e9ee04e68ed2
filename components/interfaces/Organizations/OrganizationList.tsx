import Link from 'next/link'
import type { Organization } from '@/data/organizations/organizations-query'
import type { Project } from '@/data/projects/projects-query'
import { Badge } from '@/components/ui/Badge'
import { countOrganizationProjects, projectCountLabel } from '@/lib/projects'
import styles from './Organizations.module.css'

export type OrganizationListProps = {
  organizations: readonly Organization[]
  /** The project list when it is already loaded; the counts are left out without it. */
  projects?: readonly Project[]
}

/** The user's organizations as cards: name, plan, role and the number of projects. */
export function OrganizationList({ organizations, projects }: OrganizationListProps) {
  return (
    <ul className={styles.grid} aria-label="Organizations">
      {organizations.map((org) => {
        const count = projects ? countOrganizationProjects(projects, org.id) : null
        return (
          <li key={org.slug}>
            <Link href={`/org/${encodeURIComponent(org.slug)}`} className={`card ${styles.orgCard}`}>
              <span className={styles.orgName}>{org.name}</span>
              <span className={styles.meta}>
                <Badge variant={org.plan.id === 'free' ? 'default' : 'brand'}>{org.plan.name} plan</Badge>
                {org.role && <span>{org.role}</span>}
                {count !== null && (
                  <>
                    <span aria-hidden="true">·</span>
                    <span>{projectCountLabel(count)}</span>
                  </>
                )}
              </span>
            </Link>
          </li>
        )
      })}
    </ul>
  )
}
