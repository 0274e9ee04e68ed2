import { useCacheMutation } from '@/data/cache-mutation'
import { post } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import type { MutationOptions } from '@/data/mutation'
import type { CreateSecretBody, VaultSecret } from '@/lib/api-types/vault'
import { vaultKeys } from './keys'

type Variables = { projectRef: string } & CreateSecretBody

/** POST /platform/projects/{ref}/vault/secrets. */
export async function createSecret({ projectRef, ...body }: Variables): Promise<VaultSecret> {
  return post<VaultSecret>(projectUrl(projectRef, 'vault/secrets'), body)
}

/** Adds a secret; a default error toast unless `onError` is given. */
export const useSecretCreateMutation = (options: MutationOptions<VaultSecret, Variables> = {}) =>
  useCacheMutation({ mutationFn: createSecret, what: 'add secret', invalidate: (v) => [vaultKeys.secrets(v.projectRef)] }, options)
