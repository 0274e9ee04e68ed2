/**
 * A project API read on PGlite in one round trip to its worker (issue 23). The usual way a request
 * takes there is four: BEGIN with the claims and the table's lookup, the statement's description,
 * its call of the jail, COMMIT with the session's reset. A read of a table this instance knows
 * (rest/read-ahead.ts) is written before the request starts; once its description is known here
 * (kept by what its types depend on: the table's shape), its call of the role's jail is written
 * with every value quoted in, and goes with BEGIN, the claims, the lookup (unless trusted) and the
 * request's end as one simple query, in one message with the other requests of the moment
 * (Engine.requestTrip, pglite-trips.ts). The statement runs in the same jail, with the same text,
 * parameters and types as the usual way: only fewer messages carry it.
 */
import type { Described, ProjectSession, RawResult } from './engines'
import type { JailRole } from './jail'
import { jailedCall, knownTypeInfos } from './jail-call'

/** A string literal that reads the same whatever the session's `standard_conforming_strings`. */
export function requestLiteral(value: string): string {
  return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

/** Descriptions of statements by ref, key and text (LRU): a statement's types do not change while its key does not. */
const DESCRIBED_MAX = 2_000
const g = globalThis as typeof globalThis & { __requestDescribed?: Map<string, Described> }
const described = (g.__requestDescribed ??= new Map<string, Described>())
const cacheKey = (ref: string, key: string, sql: string) => `${ref}\u0000${key}\u0000${sql}`

/** The session, its descriptions taken from the cache under `key` (and kept there). */
export function describingFromCache(session: ProjectSession, ref: string, key: string): ProjectSession {
  return {
    ...session,
    async describe(sql) {
      const k = cacheKey(ref, key, sql)
      const hit = described.get(k)
      if (hit) {
        described.delete(k)
        described.set(k, hit)
        return hit
      }
      const fresh = await session.describe(sql)
      if (described.size >= DESCRIBED_MAX) described.delete(described.keys().next().value as string)
      described.set(k, fresh)
      return fresh
    },
  }
}

/** Whether the statement's description under `key` is known here (it may then go in one round trip). */
export const isDescribed = (ref: string, key: string, sql: string): boolean => described.has(cacheKey(ref, key, sql))

/**
 * The statement's call of the role's jail with its values quoted in, and how its result reads;
 * null when it cannot be written so: its description or one of its types is not known here, or a
 * value holds a NUL character (which ends a simple query's text: the usual way refuses it).
 */
export function inlinedJailCall(role: JailRole, ref: string, key: string, text: string, params: unknown[]): { sql: string; finish: (r: RawResult) => RawResult } | null {
  const d = described.get(cacheKey(ref, key, text))
  if (!d) return null
  const types = knownTypeInfos([...d.paramTypes, ...d.fields.map((f) => f.dataTypeID)])
  if (!types) return null
  const call = jailedCall(role, text, params, d, types)
  const [stmt, values, ptypes] = call.values
  if ([stmt, ptypes ?? '', ...(values ?? [])].some((v) => v?.includes('\u0000'))) return null
  const list = values === null ? 'null' : `array[${values.map((v) => (v === null ? 'null' : requestLiteral(v))).join(', ')}]`
  return { sql: call.sql([requestLiteral(stmt), list, ptypes === null ? 'null' : requestLiteral(ptypes)]), finish: call.finish }
}
