import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { useInvitationDeleteMutation } from '@/data/members/invitation-delete-mutation'
import type { Invitation } from '@/data/members/invitations-query'
import { formatShortDate } from '@/lib/formatting'
import styles from './Team.module.css'

/** Pending invitations with their role, expiry and a Revoke button. */
export function InvitationsTable({ slug, invitations }: { slug: string; invitations: readonly Invitation[] }) {
  const revoke = useInvitationDeleteMutation({ onSuccess: () => toast.success('Invitation revoked') })
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} aria-label="Pending invitations">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Role</th>
            <th scope="col" className={styles.hideOnMobile}>
              Invited by
            </th>
            <th scope="col">Expires</th>
            <th scope="col" className={styles.right}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td>{invitation.email}</td>
              <td>{invitation.role}</td>
              <td className={styles.hideOnMobile}>{invitation.invited_by?.email ?? <span className="muted">Unknown</span>}</td>
              <td>{invitation.expired ? <Badge variant="warning">Expired</Badge> : formatShortDate(invitation.expires_at)}</td>
              <td className={styles.right}>
                <button
                  type="button"
                  className="btn btn-sm"
                  disabled={revoke.isPending && revoke.variables?.id === invitation.id}
                  aria-label={`Revoke invitation of ${invitation.email}`}
                  onClick={() => revoke.mutate({ slug, id: invitation.id })}
                >
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
