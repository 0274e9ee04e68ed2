import { post } from '@/data/fetchers'
import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import type { EdgeFunction, RollbackFunctionBody } from '@/lib/api-types/functions'
import { functionPath, functionsKeys } from './keys'

type Variables = { projectRef: string; slug: string } & RollbackFunctionBody

/** POST /platform/projects/{ref}/functions/{slug}/rollback: serve `version` again. */
export async function rollbackFunction({ projectRef, slug, version }: Variables): Promise<EdgeFunction> {
  return post<EdgeFunction>(functionPath(projectRef, slug, 'rollback'), { version })
}

export const useFunctionRollbackMutation = (options: MutationOptions<EdgeFunction, Variables> = {}) =>
  useCacheMutation({ mutationFn: rollbackFunction, what: 'roll back function', invalidate: functionsKeys.afterChange }, options)
