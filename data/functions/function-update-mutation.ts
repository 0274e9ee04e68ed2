import { patch } from '@/data/fetchers'
import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import type { EdgeFunction, UpdateFunctionBody } from '@/lib/api-types/functions'
import { functionPath, functionsKeys } from './keys'

type Variables = { projectRef: string; slug: string } & UpdateFunctionBody

/** PATCH /platform/projects/{ref}/functions/{slug}: its name or JWT verification. */
export async function updateFunction({ projectRef, slug, ...body }: Variables): Promise<EdgeFunction> {
  return patch<EdgeFunction>(functionPath(projectRef, slug), body)
}

export const useFunctionUpdateMutation = (options: MutationOptions<EdgeFunction, Variables> = {}) =>
  useCacheMutation({ mutationFn: updateFunction, what: 'update function', invalidate: functionsKeys.afterChange }, options)
