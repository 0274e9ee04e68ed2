import { del } from '@/data/fetchers'
import { vaultKeys } from './keys'
import { useDataMutation, type MutationOptions } from '@/data/mutation'

export type SecretDeleteVariables = { projectRef: string; id: string }

/** DELETE /platform/projects/{ref}/vault/secrets/{id}. */
export async function deleteSecret({ projectRef, id }: SecretDeleteVariables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}`)
}

/** Deletes a secret; a default error toast unless `onError` is given. */
export function useSecretDeleteMutation(options: MutationOptions<void, SecretDeleteVariables> = {}) {
  return useDataMutation(
    {
      mutationFn: deleteSecret,
      what: 'delete secret',
      async onSuccess(_data, variables, queryClient) {
        queryClient.removeQueries({ queryKey: vaultKeys.value(variables.projectRef, variables.id) })
        await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(variables.projectRef) })
      },
    },
    options
  )
}
