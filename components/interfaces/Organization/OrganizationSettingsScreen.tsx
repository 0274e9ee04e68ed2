import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { isPlatform } from '@/lib/config'
import { DeleteOrganizationPanel } from './DeleteOrganizationPanel'
import { OrganizationAiSettings } from './OrganizationAiSettings'
import { OrganizationGeneralForm } from './OrganizationGeneralForm'
import { OrganizationMfaSetting } from './OrganizationMfaSetting'
import { canManageMembers } from './Team.utils'
import { useLeaveOrganization } from './use-leave-organization'
import styles from './Settings.module.css'

/** /org/{slug}/general: rename, billing e-mail, MFA requirement, the assistant's opt-ins and deletion. */
export function OrganizationSettingsScreen({ slug }: { slug: string }) {
  const leave = useLeaveOrganization(slug)
  const organizations = useOrganizationsQuery()
  const organization = organizations.data?.find((org) => org.slug === slug)

  if (organizations.isError) {
    return (
      <QueryErrorState title="Failed to load the organization" query={organizations} />
    )
  }
  if (!organization) return <SkeletonLines lines={5} label="Loading organization settings" />

  const isOwner = organization.role === 'Owner'
  return (
    <div className={styles.stack}>
      <h1>Organization settings</h1>
      <OrganizationGeneralForm organization={organization} canEdit={canManageMembers(organization.role)} />
      <OrganizationMfaSetting organization={organization} isOwner={isOwner} />
      <OrganizationAiSettings organization={organization} canEdit={canManageMembers(organization.role)} hosted={isPlatform()} />
      {isPlatform() && (
        <DeleteOrganizationPanel
          organization={organization}
          isOwner={isOwner}
          onDeleted={leave}
        />
      )}
    </div>
  )
}
