import { post } from '@/data/fetchers'
import { vaultKeys } from './keys'
import type { VaultSecret } from './secrets-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type SecretCreateVariables = { projectRef: string; name: string; description: string; value: string }

/** POST /platform/projects/{ref}/vault/secrets. */
export async function createSecret({ projectRef, ...body }: SecretCreateVariables): Promise<VaultSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<VaultSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets`, body)
}

/** Adds a secret; a default error toast unless `onError` is given. */
export function useSecretCreateMutation(options: MutationOptions<VaultSecret, SecretCreateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: createSecret,
      what: 'add secret',
      async onSuccess(_data, variables, queryClient) {
        await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(variables.projectRef) })
      },
    },
    options
  )
}
