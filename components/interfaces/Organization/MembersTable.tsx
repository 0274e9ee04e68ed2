import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { ConfirmButtons } from '@/components/ui/ConfirmModal'
import { Modal } from '@/components/ui/Modal'
import { useMemberDeleteMutation } from '@/data/members/member-delete-mutation'
import { useMemberRoleUpdateMutation } from '@/data/members/member-role-update-mutation'
import type { Member } from '@/lib/api-types/members'
import type { Role as OrganizationRole } from '@/lib/api-types/roles'
import { formatShortDate } from '@/lib/formatting'
import styles from './Team.module.css'

export type MembersTableProps = {
  slug: string
  members: readonly Member[]
  /** The signed-in user's id (gotrue id), to mark "You" and offer Leave instead of Remove. */
  currentUserId: string | undefined
  /** The signed-in user's role in the organization. */
  callerRole: string | undefined
  /** True when the caller may change roles and remove others (Owner, Admin). */
  canManage: boolean
  /** Roles the caller may hand out. */
  assignableRoles: readonly OrganizationRole[]
  /** Called after the caller left the organization. */
  onLeft?: () => void | Promise<void>
}

/** Members with their role (changeable by Owners and Admins), MFA, join date and removal. */
export function MembersTable({ slug, members, currentUserId, callerRole, canManage, assignableRoles, onLeft }: MembersTableProps) {
  const [removing, setRemoving] = useState<Member | null>(null)
  const roleUpdate = useMemberRoleUpdateMutation({
    onSuccess: (member) => toast.success(`${member.primary_email} is now ${member.role}`),
  })
  const removal = useMemberDeleteMutation({
    onSuccess: (_data, { userId }) => {
      const leaving = userId === currentUserId
      setRemoving(null)
      toast.success(leaving ? 'You left the organization' : 'Member removed')
      if (leaving) void onLeft?.()
    },
  })

  const leaving = removing?.user_id === currentUserId

  return (
    <>
      <DataTable
        label="Members"
        rows={members}
        rowKey={(member) => member.user_id}
        columns={[
          {
            key: 'member',
            header: 'Member',
            render: (member) => (
              <div className={styles.who}>
                <span>
                  {member.username} {member.user_id === currentUserId && <Badge>You</Badge>}
                </span>
                <small>{member.primary_email}</small>
              </div>
            ),
          },
          {
            key: 'role',
            header: 'Role',
            render: (member) => {
              // Only Owners touch the Owner role (the platform refuses it otherwise).
              const mayEditRole = canManage && member.user_id !== currentUserId && (member.role !== 'Owner' || callerRole === 'Owner')
              if (!mayEditRole) return member.role
              const options = assignableRoles.includes(member.role) ? assignableRoles : [member.role, ...assignableRoles]
              return (
                <select
                  className={`select ${styles.roleSelect}`}
                  aria-label={`Role of ${member.primary_email}`}
                  value={member.role}
                  disabled={roleUpdate.isPending}
                  onChange={(event) => roleUpdate.mutate({ slug, userId: member.user_id, role: event.target.value as OrganizationRole })}
                >
                  {options.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              )
            },
          },
          {
            key: 'mfa',
            header: 'MFA',
            hideOnMobile: true,
            render: (member) => (member.mfa_enabled ? <Badge variant="brand">Enabled</Badge> : <span className="muted">Off</span>),
          },
          { key: 'joined', header: 'Joined', hideOnMobile: true, render: (member) => formatShortDate(member.joined_at) },
        ]}
        actions={(member) => {
          const isSelf = member.user_id === currentUserId
          if (!isSelf && !(canManage && (member.role !== 'Owner' || callerRole === 'Owner'))) return null
          return (
            <button type="button" className="btn btn-sm" aria-label={isSelf ? 'Leave' : `Remove ${member.primary_email}`} onClick={() => setRemoving(member)}>
              {isSelf ? 'Leave' : 'Remove'}
            </button>
          )
        }}
      />

      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        size="small"
        title={leaving ? 'Leave this organization?' : 'Remove this member?'}
        description={
          leaving
            ? 'You will lose access to its projects until someone invites you again.'
            : `${removing?.primary_email ?? ''} will lose access to the organization and its projects.`
        }
        footer={
          <ConfirmButtons onCancel={() => setRemoving(null)} cancelDisabled={removal.isPending} confirmDisabled={removal.isPending} onConfirm={() => removing && removal.mutate({ slug, userId: removing.user_id })}>
            {leaving ? 'Leave organization' : 'Remove member'}
          </ConfirmButtons>
        }
      />
    </>
  )
}
