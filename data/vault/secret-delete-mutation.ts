import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { del, type ResponseError } from '@/data/fetchers'
import { vaultKeys } from './keys'

export type SecretDeleteVariables = { projectRef: string; id: string }

/** DELETE /platform/projects/{ref}/vault/secrets/{id}. */
export async function deleteSecret({ projectRef, id }: SecretDeleteVariables): Promise<void> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  await del(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}`)
}

type Options = Omit<UseMutationOptions<void, ResponseError, SecretDeleteVariables>, 'mutationFn'>

/** Deletes a secret; a default error toast unless `onError` is given. */
export function useSecretDeleteMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<void, ResponseError, SecretDeleteVariables>({
    mutationFn: deleteSecret,
    async onSuccess(data, variables, result, context) {
      queryClient.removeQueries({ queryKey: vaultKeys.value(variables.projectRef, variables.id) })
      await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to delete secret: ${error.message}`)
    },
    ...options,
  })
}
