import { post } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import type { FunctionSecret, SetSecretsBody } from '@/lib/api-types/functions'
import { functionsKeys } from './keys'

type Variables = { projectRef: string; secrets: SetSecretsBody }

/** POST /platform/projects/{ref}/secrets: creates or replaces each named secret. */
export async function setFunctionSecrets({ projectRef, secrets }: Variables): Promise<FunctionSecret[]> {
  return post<FunctionSecret[]>(projectUrl(projectRef, 'secrets'), secrets)
}

export const useFunctionSecretsSetMutation = (options: MutationOptions<FunctionSecret[], Variables> = {}) =>
  useCacheMutation({ mutationFn: setFunctionSecrets, what: 'save secrets', invalidate: (v) => [functionsKeys.secrets(v.projectRef)] }, options)
