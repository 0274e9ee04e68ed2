import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useObjectsDeleteMutation } from '@/data/storage/objects-delete-mutation'

type Props = { projectRef: string; bucketId: string; paths: string[]; onClose: () => void; onDeleted: () => void }

/** Confirms deleting one or more files. */
export function DeleteFilesModal({ projectRef, bucketId, paths, onClose, onDeleted }: Props) {
  const remove = useObjectsDeleteMutation()
  const what = paths.length === 1 ? paths[0] : `${paths.length} files`
  return (
    <ConfirmModal
      title={`Delete ${what}?`}
      confirmLabel={paths.length === 1 ? 'Delete file' : `Delete ${paths.length} files`}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(
          { projectRef, bucket: bucketId, paths },
          {
            onSuccess: ({ deleted }) => {
              toast.success(deleted.length === 1 ? `Deleted ${deleted[0]}` : `Deleted ${deleted.length} files`)
              onDeleted()
              onClose()
            },
          }
        )
      }
    >
      <>
        {paths.length > 1 && (
          <ul style={{ margin: 0, maxHeight: 160, overflow: 'auto' }}>
            {paths.map((p) => (
              <li key={p} className="mono">
                {p}
              </li>
            ))}
          </ul>
        )}
        <p style={{ margin: 0 }}>Links to {paths.length === 1 ? 'it' : 'them'} stop working. This cannot be undone.</p>
      </>
    </ConfirmModal>
  )
}
