import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useBucketDeleteMutation } from '@/data/storage/bucket-delete-mutation'
import type { StorageBucket } from '@/data/storage/buckets-query'

/** Confirms emptying a bucket (its files go) or deleting it (the bucket and its files go); deleting asks for its name. */
export function BucketDangerModal({ projectRef, bucket, action, onClose }: { projectRef: string; bucket: StorageBucket; action: 'empty' | 'delete'; onClose: () => void }) {
  const run = useBucketDeleteMutation()
  const confirm = () =>
    run.mutate(
      { projectRef, id: bucket.id, action },
      {
        onSuccess: () => {
          toast.success(action === 'empty' ? `Bucket ${bucket.name} emptied` : `Bucket ${bucket.name} deleted`)
          onClose()
        },
      }
    )
  return (
    <ConfirmModal
      open
      title={action === 'empty' ? `Empty bucket ${bucket.name}?` : `Delete bucket ${bucket.name}?`}
      confirmLabel={action === 'empty' ? 'Empty bucket' : 'Delete bucket'}
      pendingLabel={action === 'empty' ? 'Emptying…' : 'Deleting…'}
      confirmText={action === 'delete' ? bucket.name : undefined}
      pending={run.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {action === 'empty'
        ? 'Every file in this bucket is deleted; the bucket and its settings stay. This cannot be undone.'
        : 'The bucket and every file in it are deleted. Apps using its URLs stop getting the files. This cannot be undone.'}
    </ConfirmModal>
  )
}
