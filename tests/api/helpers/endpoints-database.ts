import { expect } from 'vitest'
import type { EndpointEntry } from './endpoints'

const MIGRATIONS = '/platform/projects/:ref/database/migrations'
const CONNECTION = { 'x-connection-encrypted': 'walk-connection' }

/** Endpoints of the project's Database area (migrations), walked by the authorization and bad-input suites. */
export const DATABASE_ENDPOINTS: EndpointEntry[] = [
  {
    method: 'GET',
    pattern: MIGRATIONS,
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA } }),
    check: (res) => expect(Array.isArray(res.body)).toBe(true),
  },
  {
    // Outsiders try to change A's schema; allowed callers record a harmless migration.
    method: 'POST',
    pattern: MIGRATIONS,
    mode: 'write',
    takesBody: true,
    required: ['query', 'name'],
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      body: { query: `comment on schema public is 'walk by ${actor}'`, name: `walk_${actor}` },
    }),
    check: (res) => expect(res.body.versions).toEqual([expect.stringMatching(/^\d{14}$/)]),
  },
  {
    // Allowed callers import two rows into a new table of their own; outsiders try A's database.
    method: 'POST',
    pattern: '/platform/pg-meta/:ref/tables/import',
    mode: 'write',
    fileBody: true,
    prepare: (w, actor) => ({
      params: { ref: w.projectA },
      query: `?options=${encodeURIComponent(JSON.stringify({ schema: 'public', table: `walk_import_${actor}_${Date.now()}`, columns: ['v'], header: true, delimiter: ',', create: { columns: [{ name: 'v', type: 'text' }], primaryKey: null } }))}`,
      headers: { ...CONNECTION, 'Content-Type': 'text/csv' },
      rawBody: `v\nfrom ${actor}\nagain\n`,
    }),
    check: (res) => expect(res.body).toMatchObject({ rows: 2, created: true }),
  },
  {
    method: 'GET',
    pattern: '/platform/pg-meta/:ref/tables/export',
    mode: 'read',
    prepare: (w) => ({ params: { ref: w.projectA }, query: '?schema=pg_catalog&table=pg_am&format=csv', headers: CONNECTION }),
    check: (res) => expect(String(res.body)).toMatch(/^oid,amname,amhandler,amtype\n/),
  },
]
