import { expect } from 'vitest'
import { READ_ONLY_MUTATION_MESSAGE } from '@/server/graphql/execute'
import { allowedInA, type EndpointEntry, type World } from './endpoints'

/** A table of A's project for the walk's mutations (created once, through the SQL endpoint as A's owner). */
async function walkTable(w: World): Promise<void> {
  const res = await w.platform.request(`/platform/pg-meta/${w.projectA}/query`, {
    token: w.users.owner.token,
    headers: { 'x-connection-encrypted': 'walk-connection' },
    body: { query: 'create table if not exists graphql_walk (id serial primary key, actor text not null)' },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const INSERT = 'mutation ($actor: String!) { insertIntoGraphqlWalkCollection(objects: [{ actor: $actor }]) { affectedCount records { actor } } }'

/** Endpoints of the project's graphql area, walked by the authorization and bad-input suites. */
export const GRAPHQL_ENDPOINTS: EndpointEntry[] = [
  {
    // Every member queries; Developers and above mutate. A Read-only member's mutation is a
    // GraphQL error (200) that writes nothing; outsiders try to write.
    method: 'POST',
    pattern: '/platform/projects/:ref/api/graphql',
    mode: 'write',
    success: 200,
    takesBody: true,
    required: ['query'],
    fields: ['query', 'variables', 'operationName'],
    prepare: async (w, actor) => {
      await walkTable(w)
      return { params: { ref: w.projectA }, body: { query: INSERT, variables: { actor }, operationName: null } }
    },
    check: (res, _w, actor) => {
      if (res.status !== 200) return
      if (allowedInA(actor, 'Developer')) {
        expect(res.body).toEqual({ data: { insertIntoGraphqlWalkCollection: { affectedCount: 1, records: [{ actor }] } } })
      } else {
        expect(res.body).toEqual({ errors: [{ message: READ_ONLY_MUTATION_MESSAGE, extensions: { code: 'FORBIDDEN' } }] })
      }
    },
  },
]
