import { z } from 'zod'
import { GRAPHQL_QUERY_MAX_LENGTH } from '@/lib/graphql/limits'

/** `POST /platform/projects/{ref}/api/graphql`: a GraphQL request (GraphQL over HTTP, JSON). */
export const graphqlRequestBody = z.strictObject({
  query: z
    .string('must be a string')
    .min(1, 'must not be empty')
    .max(GRAPHQL_QUERY_MAX_LENGTH, `must be at most ${GRAPHQL_QUERY_MAX_LENGTH / 1000} kB`),
  variables: z.record(z.string(), z.unknown(), 'must be an object').nullable().optional(),
  operationName: z.string('must be a string').max(1000, 'must be at most 1000 characters').nullable().optional(),
})
