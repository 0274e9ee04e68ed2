import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { useSecretDeleteMutation } from '@/data/vault/secret-delete-mutation'
import type { VaultSecret } from '@/data/vault/secrets-query'
import styles from './Vault.module.css'

/** Confirms deleting a secret. */
export function DeleteSecretModal({ projectRef, secret, onClose }: { projectRef: string; secret: VaultSecret | null; onClose: () => void }) {
  const remove = useSecretDeleteMutation()
  return (
    <Modal
      open={secret !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
      title={`Delete secret ${secret?.name ?? ''}?`}
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
              secret &&
              remove.mutate(
                { projectRef, id: secret.id },
                {
                  onSuccess: () => {
                    toast.success(`Secret ${secret.name} deleted`)
                    onClose()
                  },
                }
              )
            }
          >
            {remove.isPending ? 'Deleting…' : 'Delete secret'}
          </button>
        </div>
      }
    >
      <p style={{ margin: 0 }}>Anything still using this secret will no longer get its value. This cannot be undone.</p>
    </Modal>
  )
}
