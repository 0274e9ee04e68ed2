import { useCacheMutation } from '@/data/cache-mutation'
import { patch } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { UpdateSecretBody, VaultSecret } from '@/lib/api-types/vault'
import { vaultKeys } from './keys'

type Variables = { projectRef: string; id: string } & UpdateSecretBody

/** PATCH /platform/projects/{ref}/vault/secrets/{id}. */
export async function updateSecret({ projectRef, id, ...body }: Variables): Promise<VaultSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  return patch<VaultSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}`, body)
}

/** Changes a secret; drops a revealed old value. A default error toast unless `onError` is given. */
export const useSecretUpdateMutation = (options: MutationOptions<VaultSecret, Variables> = {}) =>
  useCacheMutation({ mutationFn: updateSecret, what: 'update secret', ...vaultKeys.afterChange }, options)
