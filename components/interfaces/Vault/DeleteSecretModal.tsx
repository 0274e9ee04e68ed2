import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { toastThen } from '@/components/ui/toast-then'
import { useSecretDeleteMutation } from '@/data/vault/secret-delete-mutation'
import type { VaultSecret } from '@/data/vault/secrets-query'

/** Confirms deleting a secret. */
export function DeleteSecretModal({ projectRef, secret, onClose }: { projectRef: string; secret: VaultSecret | null; onClose: () => void }) {
  const remove = useSecretDeleteMutation()
  const confirm = () => secret && remove.mutate({ projectRef, id: secret.id }, toastThen(`Secret ${secret.name} deleted`, onClose))
  return (
    <ConfirmModal
      open={secret !== null}
      title={`Delete secret ${secret?.name ?? ''}?`}
      confirmLabel="Delete secret"
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Anything still using this secret will no longer get its value. This cannot be undone.
    </ConfirmModal>
  )
}
