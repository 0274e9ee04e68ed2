import { useId } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { findRegion } from '@/lib/catalogue/regions'
import { formatDateTime } from '@/lib/formatting'
import styles from './ProjectSettings.module.css'

/** What a project is and where it lives, read-only: its ref (copyable), region and creation date. */
export function ProjectFacts({ project }: { project: Pick<ProjectDetail, 'ref' | 'region' | 'cloud_provider' | 'inserted_at'> }) {
  const id = useId()
  const region = findRegion(project.region)
  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Project details</h2>
      <dl className={styles.facts}>
        <dt>Project ref</dt>
        <dd>
          <code>{project.ref}</code>
          <CopyButton text={project.ref} aria-label="Copy project ref" />
        </dd>
        <dt>Region</dt>
        <dd>{region ? `${region.displayName} (${project.region})` : project.region}</dd>
        <dt>Cloud provider</dt>
        <dd>{project.cloud_provider}</dd>
        <dt>Created</dt>
        <dd>{project.inserted_at ? <time dateTime={project.inserted_at}>{formatDateTime(project.inserted_at)}</time> : 'Unknown'}</dd>
      </dl>
    </section>
  )
}
