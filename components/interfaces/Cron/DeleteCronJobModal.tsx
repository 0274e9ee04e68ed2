import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { useCronJobDeleteMutation } from '@/data/cron/cron-job-delete-mutation'
import type { CronJob } from '@/data/cron/cron-jobs-query'
import styles from './Cron.module.css'

/** Confirms deleting a job (and its run history). */
export function DeleteCronJobModal({ projectRef, job, onClose }: { projectRef: string; job: CronJob | null; onClose: () => void }) {
  const remove = useCronJobDeleteMutation()
  return (
    <Modal
      open={job !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={`Delete cron job ${job?.name ?? ''}?`}
      size="small"
      footer={
        <div className={styles.footerActions}>
          <button type="button" className="btn" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger"
            disabled={remove.isPending}
            onClick={() =>
              job &&
              remove.mutate(
                { projectRef, id: job.id },
                {
                  onSuccess: () => {
                    toast.success(`Cron job "${job.name}" deleted`)
                    onClose()
                  },
                }
              )
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete job'}
          </button>
        </div>
      }
    >
      <p style={{ margin: 0 }}>The job stops running and its run history is deleted. This cannot be undone.</p>
    </Modal>
  )
}
