import { post } from '@/data/fetchers'
import { useDataMutation, type MutationOptions } from '@/data/mutation'
import type { SetDatabasePasswordBody } from '@/lib/api-types/projects'

type DatabasePasswordVariables = { ref: string } & SetDatabasePasswordBody

/** POST /platform/projects/{ref}/db-password (204): the password of the connection string's role; never cached. */
export async function setDatabasePassword({ ref, password }: DatabasePasswordVariables): Promise<void> {
  if (!ref) throw new Error('Project ref is required')
  await post<void>(`/platform/projects/${encodeURIComponent(ref)}/db-password`, { password })
}

/** Sets a project's database password; nothing cached changes. A default error toast unless `onError` is given. */
export const useDatabasePasswordMutation = (options: MutationOptions<void, DatabasePasswordVariables> = {}) =>
  useDataMutation<void, DatabasePasswordVariables>({ mutationFn: setDatabasePassword, what: 'set the database password' }, options)
