/**
 * `POST /platform/projects/{ref}/api/graphql`: the request the platform validates (GraphQL over
 * HTTP, JSON) and what it answers. The browser imports this file with `import type` only (zod
 * stays out of its bundle).
 */
import { z } from 'zod'
import { GRAPHQL_QUERY_MAX_LENGTH } from '@/lib/graphql/limits'

export const graphqlRequestBody = z.strictObject({
  query: z
    .string('must be a string')
    .min(1, 'must not be empty')
    .max(GRAPHQL_QUERY_MAX_LENGTH, `must be at most ${GRAPHQL_QUERY_MAX_LENGTH / 1000} kB`),
  variables: z.record(z.string(), z.unknown(), 'must be an object').nullable().optional(),
  operationName: z.string('must be a string').max(1000, 'must be at most 1000 characters').nullable().optional(),
})
export type GraphqlRequestBody = z.input<typeof graphqlRequestBody>

/** One GraphQL error as the endpoint returns it. */
export type GraphqlError = {
  message: string
  locations?: readonly { line: number; column: number }[]
  path?: readonly (string | number)[]
  extensions?: Record<string, unknown>
}

/** The answer (HTTP 200): problems of the GraphQL itself are `errors`. */
export type GraphqlResponse<Data = unknown> = { data?: Data | null; errors?: GraphqlError[] }
