import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import type { CreateSecretBody, VaultSecret } from '@/lib/api-types/vault'
import { vaultKeys } from './keys'

type Variables = { projectRef: string } & CreateSecretBody

/** POST /platform/projects/{ref}/vault/secrets. */
export async function createSecret({ projectRef, ...body }: Variables): Promise<VaultSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<VaultSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets`, body)
}

/** Adds a secret; a default error toast unless `onError` is given. */
export const useSecretCreateMutation = (options: MutationOptions<VaultSecret, Variables> = {}) =>
  useCacheMutation({ mutationFn: createSecret, what: 'add secret', invalidate: (v) => [vaultKeys.secrets(v.projectRef)] }, options)
