import { useId, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { ProjectStatusBadge } from '@/components/ui/ProjectStatusBadge'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { useProjectLifecycleMutation } from '@/data/projects/project-lifecycle'
import { availabilityAction } from './project-settings.utils'
import styles from './ProjectSettings.module.css'

const COPY = {
  pause: {
    verb: 'Pause',
    label: 'Pause project',
    pending: 'Pausing…',
    toast: 'Pausing',
    explain: 'Pausing stops the database and its API. The data is kept, and the project can be restored at any time.',
    confirm: 'A paused project serves no requests until it is restored. Its data is kept.',
  },
  restore: {
    verb: 'Restore',
    label: 'Restore project',
    pending: 'Restoring…',
    toast: 'Restoring',
    explain: 'The project is paused. Restoring starts its database and API again.',
    confirm: 'The database and its API start again; this may take a minute.',
  },
} as const

export type ProjectAvailabilityPanelProps = {
  project: Pick<ProjectDetail, 'ref' | 'name' | 'status'>
  canManage: boolean
  /** Why the member may not pause or restore (their role), shown under the button. */
  reason: string | null
}

/** The project's status, and pausing or restoring it (Owner/Admin), each confirmed first. */
export function ProjectAvailabilityPanel({ project, canManage, reason }: ProjectAvailabilityPanelProps) {
  const id = useId()
  const [confirming, setConfirming] = useState(false)
  const action = availabilityAction(project.status)
  const copy = action ? COPY[action] : null
  const request = useProjectLifecycleMutation(action ?? 'pause', {
    onSuccess: () => {
      setConfirming(false)
      if (copy) toast.success(`${copy.toast} ${project.name}`)
    },
  })

  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Project availability</h2>
      <div className={styles.row}>
        <span>Status</span>
        <ProjectStatusBadge status={project.status} />
      </div>
      {copy ? (
        <>
          <p className="muted">{copy.explain}</p>
          <div className={styles.row}>
            <button type="button" className="btn" disabled={!canManage || request.isPending} onClick={() => setConfirming(true)}>
              {copy.label}
            </button>
          </div>
          {reason && <p className="field-hint">{reason}</p>}
        </>
      ) : (
        <p className="muted">Pausing and restoring are offered once the project is active or paused.</p>
      )}
      {copy && confirming && (
        <ConfirmModal
          title={`${copy.verb} ${project.name}?`}
          confirmLabel={copy.label}
          pendingLabel={copy.pending}
          variant={action === 'pause' ? 'danger' : 'primary'}
          pending={request.isPending}
          onConfirm={() => request.mutate({ ref: project.ref })}
          onClose={() => setConfirming(false)}
        >
          {copy.confirm}
        </ConfirmModal>
      )}
    </section>
  )
}
