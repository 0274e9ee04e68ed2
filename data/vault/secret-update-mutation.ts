import { patch } from '@/data/fetchers'
import { vaultKeys } from './keys'
import type { VaultSecret } from './secrets-query'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type SecretUpdateVariables = { projectRef: string; id: string; name?: string; description?: string; value?: string }

/** PATCH /platform/projects/{ref}/vault/secrets/{id}. */
export async function updateSecret({ projectRef, id, ...body }: SecretUpdateVariables): Promise<VaultSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  return patch<VaultSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}`, body)
}

/** Changes a secret; drops a revealed old value. A default error toast unless `onError` is given. */
export function useSecretUpdateMutation(options: MutationOptions<VaultSecret, SecretUpdateVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: updateSecret,
      what: 'update secret',
      async onSuccess(_data, variables, queryClient) {
        queryClient.removeQueries({ queryKey: vaultKeys.value(variables.projectRef, variables.id) })
        await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(variables.projectRef) })
      },
    },
    options
  )
}
