import { QueryErrorState } from '@/components/ui/ErrorState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectApiKeysQuery } from '@/data/api-keys/api-keys-query'
import { useProjectSettingsQuery } from '@/data/api-keys/project-settings-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { roleAtLeast, type Role } from '@/lib/api-types/roles'
import { ApiKeysPanel } from './ApiKeysPanel'
import { DataApiSettingsPanel } from './DataApiSettingsPanel'
import { JwtSettingsPanel } from './JwtSettingsPanel'

/** Why a member may not rotate the keys (the route's minimum is Admin), or null when they may or while the role is unknown. */
function rotateBlockedReason(role: Role | null): string | null {
  if (role === null || roleAtLeast(role, 'Admin')) return null
  return `Only an Owner or Admin can rotate the keys. Your role is ${role}.`
}

/** `/project/{ref}/settings/api`: the project's API URL, its keys (the service key hidden until revealed), its JWT settings and key rotation, its Data API settings. */
export function ProjectApiScreen({ projectRef }: { projectRef: string }) {
  return (
    <div className={pageScreenClass}>
      <PageHeader title="API" subtitle="Where your apps reach the project, the keys they use and rotating them, and what the REST API serves." />
      <ProjectApiSettings projectRef={projectRef} />
    </div>
  )
}

/** The screen's panels once the keys and settings are in, a skeleton until then, or what failed. */
function ProjectApiSettings({ projectRef }: { projectRef: string }) {
  const keys = useProjectApiKeysQuery({ projectRef })
  const settings = useProjectSettingsQuery({ projectRef })
  const { role, atLeast } = useProjectAccess(projectRef)

  if (settings.isError && !settings.data) return <QueryErrorState title="Failed to load the API settings" query={settings} />
  if (keys.isError && !keys.data) return <QueryErrorState title="Failed to load the API keys" query={keys} />
  if (!settings.data || !keys.data) return <SkeletonLines lines={6} label="Loading the API settings" />
  return (
    <>
      <ApiKeysPanel endpoint={settings.data.app_config.endpoint} keys={keys.data} role={role} />
      <JwtSettingsPanel projectRef={projectRef} jwt={settings.data.jwt} canRotate={atLeast('Admin')} reason={rotateBlockedReason(role)} />
      <DataApiSettingsPanel projectRef={projectRef} />
    </>
  )
}
