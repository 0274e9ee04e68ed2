import { Admonition } from '@/components/ui/Admonition'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { isPlatform } from '@/lib/config'
import { DatabasePasswordPanel } from './DatabasePasswordPanel'
import { DeleteProjectPanel } from './DeleteProjectPanel'
import { ProjectAvailabilityPanel } from './ProjectAvailabilityPanel'
import { ProjectFacts } from './ProjectFacts'
import { ProjectNameForm } from './ProjectNameForm'
import { adminOnlyReason } from './project-settings.utils'

/** Self-hosted, the one project is the install's own database (the platform refuses to pause or delete it). */
const SELF_HOSTED_NAME_REASON = 'The self-hosted project keeps its name.'

/** `/project/{ref}/settings/general`: the project's name, details, database password, pause/restore and deletion. */
export function ProjectGeneralScreen({ projectRef }: { projectRef: string }) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const { role, atLeast } = useProjectAccess(projectRef)
  const platform = isPlatform()
  const canManage = atLeast('Admin')

  let content
  if (project.isError && !project.data) {
    content = <QueryErrorState title="Failed to load the project" query={project} />
  } else if (!project.data) {
    content = <SkeletonLines lines={6} label="Loading project settings" />
  } else {
    const data = project.data
    content = (
      <>
        <ProjectNameForm
          project={data}
          canEdit={platform && canManage}
          reason={platform ? adminOnlyReason(role, 'rename the project') : SELF_HOSTED_NAME_REASON}
        />
        <ProjectFacts project={data} />
        {platform || data.db_engine !== 'postgres' ? (
          <DatabasePasswordPanel project={data} canManage={canManage} reason={adminOnlyReason(role, 'set the database password')} />
        ) : (
          <Admonition title="The database password is the server's" role="note">
            This project is the install&apos;s own database (DATABASE_URL): set its role&apos;s password on that Postgres server.
          </Admonition>
        )}
        {platform ? (
          <>
            <ProjectAvailabilityPanel project={data} canManage={canManage} reason={adminOnlyReason(role, 'pause or restore the project')} />
            <DeleteProjectPanel project={data} canManage={canManage} reason={adminOnlyReason(role, 'delete the project')} />
          </>
        ) : (
          <Admonition title="The default project cannot be paused or deleted" role="note">
            A self-hosted install serves one project, <code>{data.ref}</code>, from its own database. It stays up as long as the
            install runs: stop the install to stop it.
          </Admonition>
        )}
      </>
    )
  }

  return (
    <div className={pageScreenClass}>
      <PageHeader title="General" subtitle="The project's name and details, its database password, pausing and restoring it, and deleting it." />
      {content}
    </div>
  )
}
