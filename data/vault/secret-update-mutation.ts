import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { patch, type ResponseError } from '@/data/fetchers'
import { vaultKeys } from './keys'
import type { VaultSecret } from './secrets-query'

export type SecretUpdateVariables = { projectRef: string; id: string; name?: string; description?: string; value?: string }

/** PATCH /platform/projects/{ref}/vault/secrets/{id}. */
export async function updateSecret({ projectRef, id, ...body }: SecretUpdateVariables): Promise<VaultSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  if (!id) throw new Error('Secret id is required')
  return patch<VaultSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets/${encodeURIComponent(id)}`, body)
}

type Options = Omit<UseMutationOptions<VaultSecret, ResponseError, SecretUpdateVariables>, 'mutationFn'>

/** Changes a secret; drops a revealed old value. A default error toast unless `onError` is given. */
export function useSecretUpdateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<VaultSecret, ResponseError, SecretUpdateVariables>({
    mutationFn: updateSecret,
    async onSuccess(data, variables, result, context) {
      queryClient.removeQueries({ queryKey: vaultKeys.value(variables.projectRef, variables.id) })
      await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to update secret: ${error.message}`)
    },
    ...options,
  })
}
