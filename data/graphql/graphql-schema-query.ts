import type { IntrospectionQuery } from 'graphql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { graphqlRequest } from './graphql-request'
import { graphqlKeys } from './keys'
import { defineQuery } from '@/data/query'

/**
 * The project's GraphQL schema by introspection (the explorer's docs). The graphql library that
 * writes the introspection query loads only when this runs, not with the page.
 */
export async function getGraphqlSchema({ projectRef }: { projectRef?: string }, signal?: AbortSignal): Promise<IntrospectionQuery> {
  if (!projectRef) throw new Error('Project ref is required')
  const { getIntrospectionQuery } = await import('graphql/utilities/getIntrospectionQuery')
  const result = await graphqlRequest<IntrospectionQuery>({ projectRef, query: getIntrospectionQuery({ descriptions: true }) }, signal)
  if (result.errors?.length || !result.data) throw new Error(result.errors?.[0]?.message ?? 'The schema could not be read')
  return result.data
}

export const { options: graphqlSchemaQueryOptions, use: useGraphqlSchemaQuery } = defineQuery(({ projectRef }: { projectRef?: string; enabled?: boolean }) => graphqlKeys.schema(projectRef), getGraphqlSchema, {
  staleTime: DEFAULT_STALE_TIME_MS, ready: ({ projectRef }) => Boolean(projectRef),
})
