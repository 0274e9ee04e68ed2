import { isResponseError, post } from '@/data/fetchers'
import { projectUrl } from '@/data/project-url'
import { useCacheMutation } from '@/data/cache-mutation'
import type { MutationOptions } from '@/data/mutation'
import type { DeployFunctionBody, DeployFunctionResponse } from '@/lib/api-types/functions'
import { functionsKeys } from './keys'

type Variables = { projectRef: string } & DeployFunctionBody

/** POST /platform/projects/{ref}/functions: creates the function or adds a version to it. */
export async function deployFunction({ projectRef, ...body }: Variables): Promise<DeployFunctionResponse> {
  return post<DeployFunctionResponse>(projectUrl(projectRef, 'functions'), body)
}

/** The bundler's output of a failed deploy (a 400 `DeployFailure`), or null for any other error. */
export function deployFailureOutput(error: unknown): string | null {
  if (!isResponseError(error) || typeof error.body !== 'object' || error.body === null) return null
  const output = (error.body as { build_output?: unknown }).build_output
  return typeof output === 'string' ? output : null
}

/** Deploys; a default error toast unless `onError` is given. */
export const useFunctionDeployMutation = (options: MutationOptions<DeployFunctionResponse, Variables> = {}) =>
  useCacheMutation({ mutationFn: deployFunction, what: 'deploy function', invalidate: functionsKeys.afterChange }, options)
