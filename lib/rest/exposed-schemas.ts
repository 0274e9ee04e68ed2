/**
 * The Data API settings a project may change (PostgREST's `db-schemas` and `db-max-rows`): the
 * rules both the platform's route (lib/api-types/postgrest-config.ts) and the settings form check,
 * so the form says what the route would refuse. Pure.
 */
import { HIDDEN_SCHEMAS } from '@/lib/constants'
import { RestError } from './errors'

export const DEFAULT_EXPOSED_SCHEMAS = ['public'] as const
export const DEFAULT_MAX_ROWS = 1000
export const MAX_ROWS_MIN = 1
export const MAX_ROWS_MAX = 1_000_000
/** At most this many schemas may be exposed (the store's check). */
export const MAX_EXPOSED_SCHEMAS = 32
/** Postgres truncates names longer than this (NAMEDATALEN - 1 bytes). */
const MAX_NAME_BYTES = 63

/** Schemas of Postgres and of the platform, never served: the platform manages `auth` itself. */
export const UNEXPOSABLE_SCHEMAS: readonly string[] = [...HIDDEN_SCHEMAS, 'platform', 'auth']

/** Postgres's own schemas (`pg_catalog`, `pg_toast`, `pg_temp_3` …) and the platform's. */
export function isUnexposableSchema(name: string): boolean {
  return UNEXPOSABLE_SCHEMAS.includes(name) || name.startsWith('pg_')
}

/** `public, app` → `['public', 'app']`: names trimmed, empty entries dropped. */
export function splitSchemaList(text: string): string[] {
  return text.split(',').map((name) => name.trim()).filter((name) => name !== '')
}

/** `['public', 'app']` → `public, app`, as the hosted platform writes `db_schema`. */
export const joinSchemaList = (names: readonly string[]) => names.join(', ')

/** What is wrong with a list of schemas to expose, in words; null when nothing is. */
export function schemaListProblem(names: readonly string[]): string | null {
  if (names.length === 0) return 'give at least one schema, e.g. public'
  if (names.length > MAX_EXPOSED_SCHEMAS) return `at most ${MAX_EXPOSED_SCHEMAS} schemas`
  const long = names.find((name) => new TextEncoder().encode(name).length > MAX_NAME_BYTES)
  if (long !== undefined) return `'${long}' is longer than a Postgres name can be (${MAX_NAME_BYTES} bytes)`
  const control = names.find((name) => /[\u0000-\u001f]/.test(name))
  if (control !== undefined) return `'${control}' holds a control character`
  const reserved = names.find(isUnexposableSchema)
  if (reserved !== undefined) return `'${reserved}' belongs to Postgres or the platform and cannot be exposed`
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice !== undefined) return `'${twice}' is listed twice`
  return null
}

/** What is wrong with a max rows value, in words; null when nothing is. */
export function maxRowsProblem(value: number): string | null {
  if (!Number.isInteger(value)) return 'must be a whole number'
  if (value < MAX_ROWS_MIN || value > MAX_ROWS_MAX) return `must be between ${MAX_ROWS_MIN} and ${MAX_ROWS_MAX.toLocaleString('en-US')}`
  return null
}

/**
 * The schema a request runs in: the one its `Accept-Profile` (reads) or `Content-Profile` (writes)
 * names, else the first exposed one; PGRST106 (406) for one not exposed, as PostgREST answers.
 */
export function profileSchema(exposed: readonly string[], profile: string | undefined): string {
  const schema = profile ?? exposed[0]
  if (!exposed.includes(schema)) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${exposed.join(', ')}`)
  return schema
}

/** PostgREST's `db-tx-end`: how a request's transaction ends, and whether `Prefer: tx=` may change it. */
export const TX_END_VALUES = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'] as const
export type TxEnd = (typeof TX_END_VALUES)[number]
