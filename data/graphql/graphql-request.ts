import { post } from '@/data/fetchers'
import type { GraphqlRequestBody, GraphqlResponse } from '@/lib/api-types/graphql'

export type { GraphqlResponse } from '@/lib/api-types/graphql'

export type GraphqlRequestVariables = { projectRef: string | undefined } & GraphqlRequestBody

/** Sends a GraphQL request to a project's endpoint. Abortable; HTTP failures throw ResponseError. */
export async function graphqlRequest<Data = unknown>(
  { projectRef, query, variables, operationName }: GraphqlRequestVariables,
  signal?: AbortSignal
): Promise<GraphqlResponse<Data>> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<GraphqlResponse<Data>>(
    `/platform/projects/${encodeURIComponent(projectRef)}/api/graphql`,
    { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) } satisfies GraphqlRequestBody,
    { signal }
  )
}
