import Link from 'next/link'
import { useBranchesQuery } from '@/data/projects/branches-query'
import type { Project } from '@/data/projects/projects-query'
import { ProjectStatusBadge } from '@/components/ui/ProjectStatusBadge'
import styles from './OrganizationHome.module.css'

type BranchEntry = { ref: string; name: string; status: string }

/**
 * The branches under their parent project (spec §3: a branch points to its parent). The project
 * list leaves branches out and names them in `preview_branch_refs`, so they are fetched per
 * parent; a platform that lists them passes them in `listed` instead.
 */
export function ProjectBranches({ project, listed }: { project: Project; listed: readonly Project[] }) {
  const expected = project.preview_branch_refs?.length ?? 0
  const branches = useBranchesQuery({ ref: project.ref, enabled: expected > 0 && listed.length === 0 })

  let entries: BranchEntry[] = listed.map((b) => ({ ref: b.ref, name: b.name, status: b.status }))
  if (listed.length === 0 && expected > 0) {
    if (branches.isPending) return <p className={`muted ${styles.branchesTitle}`}>Loading branches…</p>
    if (branches.isError) {
      return (
        <p className={styles.branchesTitle}>
          Failed to load branches.{' '}
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => void branches.refetch()}>
            Retry
          </button>
        </p>
      )
    }
    entries = branches.data.map((b) => ({ ref: b.project_ref, name: b.name, status: b.status }))
  }
  if (entries.length === 0) return null

  return (
    <div className={styles.branches}>
      <h3 className={styles.branchesTitle}>{entries.length === 1 ? '1 branch' : `${entries.length} branches`}</h3>
      <ul aria-label={`Branches of ${project.name}`}>
        {entries.map((branch) => (
          <li key={branch.ref}>
            <Link href={`/project/${encodeURIComponent(branch.ref)}`}>{branch.name}</Link>
            <ProjectStatusBadge status={branch.status} />
          </li>
        ))}
      </ul>
    </div>
  )
}
