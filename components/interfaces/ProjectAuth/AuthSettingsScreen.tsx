import { QueryErrorState } from '@/components/ui/ErrorState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectAuthConfigQuery } from '@/data/project-auth/config-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { AuthSettingsForm } from './AuthSettingsForm'
import { editSettingsBlockedReason } from './project-auth.utils'

/** `/project/{ref}/auth/settings`: who may sign up, whether addresses need confirming, the site URL and token lifetime. */
export function AuthSettingsScreen({ projectRef }: { projectRef: string }) {
  const { role, atLeast } = useProjectAccess(projectRef)
  const config = useProjectAuthConfigQuery({ projectRef })
  const canEdit = atLeast('Admin')

  let content
  if (config.isError && !config.data) content = <QueryErrorState title="Failed to load the auth settings" query={config} />
  else if (config.isPending) content = <SkeletonLines lines={6} label="Loading the auth settings" />
  else content = <AuthSettingsForm projectRef={projectRef} config={config.data} canEdit={canEdit} blockedReason={editSettingsBlockedReason(role, canEdit)} />

  return (
    <div className={pageScreenClass}>
      <PageHeader title="Auth settings" subtitle="How people sign up and sign in to your app through the project's auth." />
      {content}
    </div>
  )
}
