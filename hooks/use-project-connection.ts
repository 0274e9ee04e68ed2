import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { isPlatform } from '@/lib/config'

/** Statuses in which a project's database answers queries. */
const SERVING = new Set(['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'])

/**
 * What the table editor needs to query a project's database: the connection string (spec §5:
 * the hosted platform refuses queries without it) and whether the database serves queries yet.
 */
export function useProjectConnection(projectRef: string | undefined) {
  const { data: project, error, isPending, refetch } = useProjectDetailQuery({ ref: projectRef })
  const connectionString = project?.connectionString ?? null
  const serving = project ? SERVING.has(project.status) : false
  const ready = serving && (!isPlatform() || Boolean(connectionString))
  return { project, connectionString, ready, serving, isLoading: isPending, error, refetch }
}
