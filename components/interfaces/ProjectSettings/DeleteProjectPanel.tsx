import { useRouter } from 'next/router'
import { useId, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { useProjectDeleteMutation } from '@/data/projects/project-delete-mutation'
import { isBeingRemoved } from './project-settings.utils'
import styles from './ProjectSettings.module.css'

export type DeleteProjectPanelProps = {
  project: Pick<ProjectDetail, 'ref' | 'name' | 'status' | 'organization_slug'>
  canManage: boolean
  /** Why the member may not delete the project (their role), shown under the button. */
  reason: string | null
}

/**
 * Deleting a project (Owner/Admin), confirmed by typing its name; then the organization's page
 * opens. The platform takes the database and branches down in the background.
 */
export function DeleteProjectPanel({ project, canManage, reason }: DeleteProjectPanelProps) {
  const id = useId()
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const removal = useProjectDeleteMutation({
    onSuccess: async () => {
      setConfirming(false)
      toast.success(`Project ${project.name} is being deleted`)
      const slug = project.organization_slug
      await router.push(slug ? `/org/${encodeURIComponent(slug)}` : '/organizations')
    },
  })
  const removing = isBeingRemoved(project.status)

  return (
    <section className={`card ${styles.section} ${styles.dangerZone}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Delete project</h2>
      <p className="muted">
        Deleting the project removes its database, its branches and everything stored in them. This cannot be undone.
      </p>
      <div className={styles.row}>
        <button type="button" className="btn btn-danger" disabled={!canManage || removing} onClick={() => setConfirming(true)}>
          Delete project
        </button>
      </div>
      {(reason || removing) && <p className="field-hint">{reason ?? 'The project is already being deleted.'}</p>}
      {confirming && (
        <ConfirmModal
          title={`Delete ${project.name}?`}
          description="This permanently deletes the project and its branches."
          confirmLabel="I understand, delete this project"
          confirmText={project.name}
          pending={removal.isPending}
          onConfirm={() => removal.mutate({ ref: project.ref })}
          onClose={() => setConfirming(false)}
        >
          {`Everything in ${project.name}'s database is lost: tables, data, functions, secrets and its API. Its connection string stops working.`}
        </ConfirmModal>
      )}
    </section>
  )
}
