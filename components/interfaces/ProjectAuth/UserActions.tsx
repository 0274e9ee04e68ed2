import { useState } from 'react'
import { toast } from 'sonner'
import { CopyButton } from '@/components/ui/CopyButton'
import { useProjectUserRecoveryMutation } from '@/data/project-auth/user-recovery-mutation'
import { useProjectUserUpdateMutation } from '@/data/project-auth/user-update-mutation'
import type { ProjectUser } from '@/data/project-auth/users-query'
import type { ProjectUserRecovery } from '@/lib/api-types/project-auth'
import { formatDateTime } from '@/lib/formatting'
import { BanUserModal } from './BanUserModal'
import { DeleteUserModal } from './DeleteUserModal'
import { isBanned, UNBAN_DURATION, userName } from './project-auth.utils'
import styles from './ProjectAuth.module.css'

type Props = { projectRef: string; user: ProjectUser; onDeleted: () => void }

/** What a Developer (or above) can do to a user: recovery link, confirm, ban or unban, delete. */
export function UserActions({ projectRef, user, onDeleted }: Props) {
  const name = userName(user)
  const [recovery, setRecovery] = useState<ProjectUserRecovery | null>(null)
  const [dialog, setDialog] = useState<'ban' | 'delete' | null>(null)
  const recover = useProjectUserRecoveryMutation({ onSuccess: setRecovery })
  const update = useProjectUserUpdateMutation()
  const banned = isBanned(user)

  const confirmEmail = () =>
    update.mutate({ projectRef, id: user.id, email_confirm: true }, { onSuccess: () => toast.success(`${name} confirmed: they can sign in now`) })
  const unban = () => update.mutate({ projectRef, id: user.id, ban_duration: UNBAN_DURATION }, { onSuccess: () => toast.success(`${name} is no longer banned`) })

  return (
    <>
      <div className={styles.actions}>
        <button type="button" className="btn btn-sm" disabled={recover.isPending} onClick={() => recover.mutate({ projectRef, id: user.id })}>
          {recover.isPending ? 'Making link…' : 'Send recovery link'}
        </button>
        {!user.email_confirmed_at && (
          <button type="button" className="btn btn-sm" disabled={update.isPending} onClick={confirmEmail}>
            Confirm email
          </button>
        )}
        {banned ? (
          <button type="button" className="btn btn-sm" disabled={update.isPending} onClick={unban}>
            Unban user
          </button>
        ) : (
          <button type="button" className="btn btn-sm" onClick={() => setDialog('ban')}>
            Ban user
          </button>
        )}
        <button type="button" className="btn btn-sm btn-danger" onClick={() => setDialog('delete')}>
          Delete user
        </button>
      </div>
      {recovery && (
        <div className={styles.section} role="status" aria-label="Recovery link">
          <p className="field-hint">
            No e-mail is sent: pass this one-time link on to {name}. Opening it signs them in so they can set a new password. It expires{' '}
            <time dateTime={recovery.expires_at}>{formatDateTime(recovery.expires_at)}</time>.
          </p>
          <div className={styles.link}>
            <code className="mono">{recovery.action_link}</code>
            <CopyButton text={recovery.action_link} aria-label="Copy recovery link" />
          </div>
        </div>
      )}
      {dialog === 'ban' && <BanUserModal projectRef={projectRef} user={user} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteUserModal
          projectRef={projectRef}
          user={user}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null)
            onDeleted()
          }}
        />
      )}
    </>
  )
}
