import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { toastThen } from '@/components/ui/toast-then'
import { useCronJobDeleteMutation } from '@/data/cron/cron-job-delete-mutation'
import type { CronJob } from '@/data/cron/cron-jobs-query'

/** Confirms deleting a job (and its run history). */
export function DeleteCronJobModal({ projectRef, job, onClose }: { projectRef: string; job: CronJob | null; onClose: () => void }) {
  const remove = useCronJobDeleteMutation()
  const confirm = () => job && remove.mutate({ projectRef, id: job.id }, toastThen(`Cron job "${job.name}" deleted`, onClose))
  return (
    <ConfirmModal
      open={job !== null}
      title={`Delete cron job ${job?.name ?? ''}?`}
      confirmLabel="Delete job"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      The job stops running and its run history is deleted. This cannot be undone.
    </ConfirmModal>
  )
}
