import { del } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import type { DeleteSecretsBody } from '@/lib/api-types/functions'
import { functionsKeys } from './keys'

type Variables = { projectRef: string; names: DeleteSecretsBody }

/** DELETE /platform/projects/{ref}/secrets with the names as its JSON body. */
export async function deleteFunctionSecrets({ projectRef, names }: Variables): Promise<void> {
  await del(projectUrl(projectRef, 'secrets'), { body: names })
}

export const useFunctionSecretsDeleteMutation = (options: MutationOptions<void, Variables> = {}) =>
  useCacheMutation({ mutationFn: deleteFunctionSecrets, what: 'delete secret', invalidate: (v) => [functionsKeys.secrets(v.projectRef)] }, options)
