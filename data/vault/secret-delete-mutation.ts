import { useCacheMutation } from '@/data/cache-mutation'
import { del } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { vaultKeys } from './keys'

type Variables = { projectRef: string; id: string }

/** DELETE /platform/projects/{ref}/vault/secrets/{id}. */
export async function deleteSecret({ projectRef, id }: Variables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}`)
}

/** Deletes a secret; a default error toast unless `onError` is given. */
export const useSecretDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: deleteSecret, what: 'delete secret', ...vaultKeys.afterChange }, options)
