import { get } from '@/data/fetchers'
import { defineQuery } from '@/data/query'
import type { Migration } from '@/lib/api-types/database-migrations'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { databaseKeys } from './keys'

export type { Migration } from '@/lib/api-types/database-migrations'

/** The project's migration history, oldest first (`GET /platform/projects/{ref}/database/migrations`). */
export async function getMigrations({ projectRef }: { projectRef: string | undefined }, signal?: AbortSignal): Promise<Migration[]> {
  if (!projectRef) throw new Error('Project ref is required')
  return get<Migration[]>(`/platform/projects/${encodeURIComponent(projectRef)}/database/migrations`, { signal })
}

/** Under the project's SQL keys: a change anywhere (a screen, the SQL editor) refreshes the history. */
export const { options: migrationsQueryOptions, use: useMigrationsQuery } = defineQuery(
  (vars: { projectRef: string | undefined; enabled?: boolean }) => databaseKeys.migrations(vars.projectRef),
  getMigrations,
  { staleTime: DEFAULT_STALE_TIME_MS, ready: (vars) => Boolean(vars.projectRef) }
)
