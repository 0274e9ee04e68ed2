import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { useInvitationDeleteMutation } from '@/data/members/invitation-delete-mutation'
import type { Invitation } from '@/lib/api-types/members'
import { formatShortDate } from '@/lib/formatting'

/** Pending invitations with their role, expiry and a Revoke button. */
export function InvitationsTable({ slug, invitations }: { slug: string; invitations: readonly Invitation[] }) {
  const revoke = useInvitationDeleteMutation({ onSuccess: () => toast.success('Invitation revoked') })
  return (
    <DataTable
      label="Pending invitations"
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      columns={[
        { key: 'email', header: 'E-mail', render: (invitation) => invitation.email },
        { key: 'role', header: 'Role', render: (invitation) => invitation.role },
        { key: 'by', header: 'Invited by', hideOnMobile: true, render: (invitation) => invitation.invited_by?.email ?? <span className="muted">Unknown</span> },
        {
          key: 'expires',
          header: 'Expires',
          render: (invitation) => (invitation.expired ? <Badge variant="warning">Expired</Badge> : formatShortDate(invitation.expires_at)),
        },
      ]}
      actions={(invitation) => (
        <button
          type="button"
          className="btn btn-sm"
          disabled={revoke.isPending && revoke.variables?.id === invitation.id}
          aria-label={`Revoke invitation of ${invitation.email}`}
          onClick={() => revoke.mutate({ slug, id: invitation.id })}
        >
          Revoke
        </button>
      )}
    />
  )
}
