import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useProjectUserDeleteMutation } from '@/data/project-auth/user-delete-mutation'
import type { ProjectUser } from '@/data/project-auth/users-query'
import { userName } from './project-auth.utils'

type Props = { projectRef: string; user: ProjectUser; onClose: () => void; onDeleted: () => void }

/** Confirms deleting a user, naming them. */
export function DeleteUserModal({ projectRef, user, onClose, onDeleted }: Props) {
  const name = userName(user)
  const remove = useProjectUserDeleteMutation({
    onSuccess: () => {
      toast.success(`User ${name} deleted`)
      onDeleted()
    },
  })
  return (
    <ConfirmModal
      title={`Delete user ${name}?`}
      confirmLabel="Delete user"
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ projectRef, id: user.id })}
      onClose={onClose}
    >
      {`${name} is removed from the project's auth and can no longer sign in. This cannot be undone.`}
    </ConfirmModal>
  )
}
