import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { toast } from 'sonner'
import { post, type ResponseError } from '@/data/fetchers'
import { vaultKeys } from './keys'
import type { VaultSecret } from './secrets-query'

export type SecretCreateVariables = { projectRef: string; name: string; description: string; value: string }

/** POST /platform/projects/{ref}/vault/secrets. */
export async function createSecret({ projectRef, ...body }: SecretCreateVariables): Promise<VaultSecret> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<VaultSecret>(`/platform/projects/${encodeURIComponent(projectRef)}/vault/secrets`, body)
}

type Options = Omit<UseMutationOptions<VaultSecret, ResponseError, SecretCreateVariables>, 'mutationFn'>

/** Adds a secret; a default error toast unless `onError` is given. */
export function useSecretCreateMutation({ onSuccess, onError, ...options }: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation<VaultSecret, ResponseError, SecretCreateVariables>({
    mutationFn: createSecret,
    async onSuccess(data, variables, result, context) {
      await queryClient.invalidateQueries({ queryKey: vaultKeys.secrets(variables.projectRef) })
      await onSuccess?.(data, variables, result, context)
    },
    async onError(error, variables, result, context) {
      if (onError) return onError(error, variables, result, context)
      toast.error(`Failed to add secret: ${error.message}`)
    },
    ...options,
  })
}
