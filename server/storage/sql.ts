import { withRequestRole, type RequestClaims, type RequestSession } from '../projects/request-role'
import type { ApiRole } from '../projects/api-roles'

/** Who a storage request runs as: the role of its key or user token, with its claims. */
export type StorageCaller = { role: ApiRole; claims: RequestClaims }

/** The platform's own reads (a public bucket's objects, a signed URL's object): the service role, which row level security lets through. */
export const PLATFORM_CALLER: StorageCaller = { role: 'service_role', claims: { role: 'service_role' } }

/**
 * Rows of a statement as JSON, the same on both engines whatever the column types: the statement
 * (a SELECT, or a write with RETURNING) is wrapped so that one text value comes back.
 */
export async function jsonRows<T>(session: RequestSession, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await session.query(`with q as (${sql}) select coalesce(pg_catalog.json_agg(q), '[]')::text as j from q`, params)
  return JSON.parse(String(result.rows[0]?.j ?? '[]')) as T[]
}

/**
 * A timestamp column as the anchor's JSON writes it (JavaScript's toISOString: milliseconds, UTC,
 * `2021-02-17T04:43:32.770Z`), named as the column: what its clients and their suites compare.
 */
export const isoTime = (column: string, as = column.replace(/^.*\./, '')) =>
  `pg_catalog.to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${as}`

/** `value` for a LIKE pattern with `escape '\'`: its own %, _ and \ match themselves. */
export const likeLiteral = (value: string) => value.replace(/[\\%_]/g, '\\$&')

/** Runs `fn` in one transaction as `caller`, so row level security on the storage tables decides. */
export function asCaller<T>(ref: string, caller: StorageCaller, fn: (session: RequestSession) => Promise<T>, signal?: AbortSignal): Promise<T> {
  return withRequestRole(ref, caller, fn, { signal })
}
