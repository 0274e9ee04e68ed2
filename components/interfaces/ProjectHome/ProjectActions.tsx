import { useState } from 'react'
import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { useProjectPauseMutation } from '@/data/projects/project-pause-mutation'
import { useProjectRestartMutation } from '@/data/projects/project-restart-mutation'
import { useProjectRestoreMutation } from '@/data/projects/project-restore-mutation'
import type { ProjectDetail } from '@/data/projects/project-detail-query'
import { allowedProjectActions } from './ProjectHome.utils'

export type ProjectActionsProps = {
  project: Pick<ProjectDetail, 'ref' | 'name' | 'status'>
  /** Pausing is not offered for the self-hosted default project (the platform refuses it). */
  canPause: boolean
}

/** Pause (confirmed), restore and restart of a project, as its status allows. */
export function ProjectActions({ project, canPause }: ProjectActionsProps) {
  const [confirmPause, setConfirmPause] = useState(false)
  const allowed = allowedProjectActions(project.status)
  const pause = useProjectPauseMutation({
    onSuccess: () => {
      setConfirmPause(false)
      toast.success(`Pausing ${project.name}`)
    },
  })
  const restore = useProjectRestoreMutation({ onSuccess: () => toast.success(`Restoring ${project.name}`) })
  const restart = useProjectRestartMutation({ onSuccess: () => toast.success(`Restarting ${project.name}`) })
  const busy = pause.isPending || restore.isPending || restart.isPending

  if (!allowed.restart && !allowed.restore && !(canPause && allowed.pause)) return null

  return (
    <>
      {allowed.restore && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => restore.mutate({ ref: project.ref })}>
          {restore.isPending ? 'Restoring…' : 'Restore project'}
        </button>
      )}
      {allowed.restart && (
        <button type="button" className="btn" disabled={busy} onClick={() => restart.mutate({ ref: project.ref })}>
          {restart.isPending ? 'Restarting…' : 'Restart project'}
        </button>
      )}
      {canPause && allowed.pause && (
        <button type="button" className="btn" disabled={busy} onClick={() => setConfirmPause(true)}>
          Pause project
        </button>
      )}
      <Modal
        open={confirmPause}
        onOpenChange={setConfirmPause}
        size="small"
        title={`Pause ${project.name}?`}
        description="A paused project serves no requests until it is restored. Its data is kept."
        footer={
          <>
            <button type="button" className="btn" onClick={() => setConfirmPause(false)} disabled={pause.isPending}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" disabled={pause.isPending} onClick={() => pause.mutate({ ref: project.ref })}>
              {pause.isPending ? 'Pausing…' : 'Pause project'}
            </button>
          </>
        }
      />
    </>
  )
}
