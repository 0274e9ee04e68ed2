import { useEffect } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Spinner } from '@/components/ui/Spinner'
import { ProjectStatusBadge } from '@/components/ui/ProjectStatusBadge'
import { regionLabel } from '@/lib/projects'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { cloudProviderLabel } from '@/lib/catalogue/cloud-providers'
import { isPlatform } from '@/lib/config'
import { lastVisitedStore } from '@/state/last-visited'
import { ClientLibraries } from './ClientLibraries'
import { ConnectAppCard } from './ConnectAppCard'
import { ConnectionStringPanel } from './ConnectionStringPanel'
import { ExampleProjects } from './ExampleProjects'
import { ProjectActions } from './ProjectActions'
import { projectProgressMessage } from './ProjectHome.utils'
import styles from './ProjectHome.module.css'

/**
 * /project/{ref} (and /project/default self-hosted): status with live polling (spec §4: every
 * 5 s while coming up or without a connection string), facts, connection string, lifecycle
 * actions for Owners and Admins, the project's URL and anon key with a setup snippet, client
 * libraries and the deployment's example projects.
 */
export function ProjectHomeScreen({ projectRef }: { projectRef: string }) {
  const platform = isPlatform()
  const project = useProjectDetailQuery({ ref: projectRef })
  const organizations = useOrganizationsQuery({ enabled: platform })

  // Opening a project means this tab is past its landing (see state/last-visited).
  useEffect(() => {
    lastVisitedStore.getState().markLandingDone()
  }, [])

  if (project.isPending) return <SkeletonLines lines={5} label="Loading project" />
  if (project.isError) {
    return (
      <ErrorState title="Failed to load the project" error={project.error} onRetry={() => void project.refetch()} retrying={project.isFetching} />
    )
  }

  const data = project.data
  const role = organizations.data?.find((org) => org.id === data.organization_id)?.role
  // spec §1: self-hosted treats every access check as allowed.
  const canManage = !platform || role === 'Owner' || role === 'Admin'
  // Until the detail arrives, the list entry stands in: it carries no connection details, so no
  // "waiting for the connection details" notice (it would vanish a moment later, moving the page).
  const detailPending = project.isPlaceholderData
  const progress = detailPending && data.status === 'ACTIVE_HEALTHY' ? null : projectProgressMessage(data)

  return (
    <div className={styles.stack}>
      <div className={styles.header}>
        <div className={styles.title}>
          <h1>{data.name}</h1>
          <ProjectStatusBadge status={data.status} />
        </div>
        {canManage && (
          <div className={styles.actions}>
            <ProjectActions project={data} canPause={platform} />
          </div>
        )}
      </div>

      {progress && (
        <section className="card" aria-labelledby="project-progress">
          <div className={styles.progress}>
            <Spinner label="In progress" />
            <span id="project-progress">{progress}</span>
          </div>
          <div className={styles.bar} aria-hidden="true" />
          <p className="field-hint" style={{ margin: '0.5rem 0 0' }}>
            This page checks again every 5 seconds.
          </p>
        </section>
      )}
      {data.status === 'INIT_FAILED' && (
        <Admonition type="danger" role="alert" title="The project could not be set up">
          {data.init_error || 'Provisioning the database failed.'} Delete the project and create it again, or contact support.
        </Admonition>
      )}
      {data.status === 'INACTIVE' && (
        <Admonition title="This project is paused">
          It serves no requests until it is restored.{!canManage && ' Ask an Owner or Admin to restore it.'}
        </Admonition>
      )}
      {(data.status === 'RESTORE_FAILED' || data.status === 'PAUSE_FAILED' || data.status === 'ACTIVE_UNHEALTHY') && (
        <Admonition type="warning" role="alert" title="The project needs attention">
          {data.init_error || 'The last operation did not complete.'}
        </Admonition>
      )}

      <dl className={styles.facts}>
        <div>
          <dt>Project ref</dt>
          <dd className="mono">{data.ref}</dd>
        </div>
        <div>
          <dt>Region</dt>
          <dd>{regionLabel(data.region)}</dd>
        </div>
        <div>
          <dt>Cloud provider</dt>
          <dd>{cloudProviderLabel(data.cloud_provider)}</dd>
        </div>
        <div>
          <dt>Postgres version</dt>
          <dd>{data.dbVersion || 'Unknown'}</dd>
        </div>
      </dl>

      {/* Until the detail arrives nothing is drawn below the facts: the connection card's notes
          (engine, password) would grow it and push every card under it (issue 26: CLS). */}
      {detailPending ? (
        <SkeletonLines lines={4} label="Loading the connection details" />
      ) : (
        <>
          <ConnectionStringPanel connectionString={data.connectionString} projectRef={data.ref} engine={data.db_engine} />
          <ConnectAppCard projectRef={data.ref} />
          <ClientLibraries />
          <ExampleProjects />
        </>
      )}
    </div>
  )
}
