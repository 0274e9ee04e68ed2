import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState, QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useInvitationsQuery } from '@/data/members/invitations-query'
import { useMembersQuery } from '@/data/members/members-query'
import { useRolesQuery } from '@/data/members/roles-query'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProfileQuery } from '@/data/profile/profile-query'
import { isPlatform } from '@/lib/config'
import { InvitationsTable } from './InvitationsTable'
import { InviteMemberForm } from './InviteMemberForm'
import { MembersTable } from './MembersTable'
import { assignableRoles, canManageMembers } from './Team.utils'
import { useLeaveOrganization } from './use-leave-organization'
import styles from './Team.module.css'

/** /org/{slug}/team: members and roles, invitations by link, pending invitations. */
export function TeamScreen({ slug }: { slug: string }) {
  const leave = useLeaveOrganization(slug)
  const platform = isPlatform()
  const organization = useOrganizationsQuery().data?.find((org) => org.slug === slug)
  const profile = useProfileQuery({ enabled: platform })
  const callerRole = organization?.role
  const canManage = canManageMembers(callerRole)
  const members = useMembersQuery({ slug })
  const roles = useRolesQuery({ slug, enabled: canManage })
  // Invitations need Admin; the embedded platform has none in self-hosted mode.
  const invitations = useInvitationsQuery({ slug, enabled: canManage && platform })
  const roleChoices = assignableRoles(callerRole, roles.data?.org_scoped_roles)

  return (
    <div className={styles.stack}>
      <h1>Team</h1>

      <section className={styles.section} aria-labelledby="team-members">
        <h2 id="team-members">Members</h2>
        {members.isPending ? (
          <SkeletonLines lines={3} label="Loading members" />
        ) : members.isError ? (
          <ErrorState title="Failed to load members" error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
        ) : members.data.length === 0 ? (
          <EmptyState title="No members" description="This organization has no members yet." />
        ) : (
          <MembersTable
            slug={slug}
            members={members.data}
            currentUserId={profile.data?.gotrue_id}
            callerRole={callerRole}
            canManage={canManage}
            assignableRoles={roleChoices}
            onLeft={leave}
          />
        )}
      </section>

      {canManage && platform && (
        <section className={styles.section} aria-labelledby="team-invite">
          <h2 id="team-invite">Invite a member</h2>
          <InviteMemberForm slug={slug} roles={roleChoices} />
        </section>
      )}

      {canManage && platform && (
        <section className={styles.section} aria-labelledby="team-invitations">
          <h2 id="team-invitations">Pending invitations</h2>
          {invitations.isPending ? (
            <SkeletonLines lines={2} label="Loading invitations" />
          ) : invitations.isError ? (
            <QueryErrorState title="Failed to load invitations" query={invitations} />
          ) : invitations.data.length === 0 ? (
            <p className="muted">No pending invitations.</p>
          ) : (
            <InvitationsTable slug={slug} invitations={invitations.data} />
          )}
        </section>
      )}

      {!canManage && organization && (
        <Admonition title="Only Owners and Admins manage the team">
          Your role is {callerRole ?? 'unknown'}: ask an Owner or Admin to invite people or change roles.
        </Admonition>
      )}
    </div>
  )
}
