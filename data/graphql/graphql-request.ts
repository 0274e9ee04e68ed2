import { post } from '@/data/fetchers'

/** One GraphQL error as the endpoint returns it. */
export type GraphqlError = {
  message: string
  locations?: { line: number; column: number }[]
  path?: (string | number)[]
  extensions?: Record<string, unknown>
}

/** What `POST /platform/projects/{ref}/api/graphql` answers (HTTP 200). */
export type GraphqlResponse<Data = unknown> = { data?: Data | null; errors?: GraphqlError[] }

export type GraphqlRequestVariables = {
  projectRef: string | undefined
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

/** Sends a GraphQL request to a project's endpoint. Abortable; HTTP failures throw ResponseError. */
export async function graphqlRequest<Data = unknown>(
  { projectRef, query, variables, operationName }: GraphqlRequestVariables,
  signal?: AbortSignal
): Promise<GraphqlResponse<Data>> {
  if (!projectRef) throw new Error('Project ref is required')
  return post<GraphqlResponse<Data>>(
    `/platform/projects/${encodeURIComponent(projectRef)}/api/graphql`,
    { query, ...(variables ? { variables } : {}), ...(operationName ? { operationName } : {}) },
    { signal }
  )
}
