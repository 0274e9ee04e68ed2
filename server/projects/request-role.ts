import type { ApiRole } from './api-roles'
import { withEngine } from './database-cache'
import type { Ahead, Engine, Prepared, RawResult } from './engines'
import { runMemberSql } from './member-sql'
import { describingFromCache, inlinedJailCall, requestLiteral } from './request-batch'
import { projectTimeoutMs } from './run-query'
import { projectRoleNames } from './targets'

/**
 * A request of the project API, run as the role of its key or user token (api-roles.ts) with
 * its JWT claims visible to SQL, so row level security decides what it sees and changes.
 *
 * One transaction on the project's database: the claims are set for it (`request.jwt.claims`,
 * and `request.jwt.claim.sub` / `.role`, which `auth.uid()` / `auth.role()` / `auth.jwt()`
 * read), then `fn` runs, then it commits; an error rolls it back. Every statement of `fn` runs
 * in the jail of the request's role (jail.ts) rather than after `SET LOCAL ROLE`: outside a
 * SECURITY DEFINER function, code the project wrote (an rpc function, a trigger, a policy's
 * function) could `RESET ROLE` back to the session's user, which on PGlite is the superuser
 * and on a server the platform's login role. The plan's statement timeout covers the whole
 * request; an aborted `signal` cancels it.
 */

export type RequestClaims = Record<string, unknown>

export { requestLiteral }

/**
 * The read sent ahead could not go in one round trip on PGlite, or failed there (its table may
 * have changed since this instance saw it): the caller runs the request again the usual way.
 */
export class AheadFailed extends Error {}

/** What `fn` may do: one statement at a time, with parameters ($1 …), as the request's role. */
export type RequestSession = {
  /**
   * Runs a statement in the jail. With `describeKey` (what the statement's types depend on
   * besides its text, e.g. the table's columns read in this transaction) its description is
   * taken from a cache when the same text was described under the same key: one round trip less.
   * `final`: nothing follows this statement and its result will be answered whatever it is, so
   * the transaction may commit with it (on a server, in the same write).
   */
  query(sql: string, params?: unknown[], options?: { describeKey?: string; final?: boolean }): Promise<RawResult>
  /** The rows `options.first` answered, in the transaction's first round trip (none without it). */
  readonly first: Record<string, unknown>[]
  /**
   * What `options.ahead` came to, when it was sent (a server only): the transaction has then
   * ended with it, and `query` may not be called. Null when it was not sent.
   */
  readonly ahead: Ahead | null
}

export type RequestOptions = {
  signal?: AbortSignal
  timeoutMs?: number
  /**
   * A platform-written statement sent with the transaction's BEGIN and claims in one round trip,
   * outside the jail, e.g. a catalogue read (on PGlite its values are quoted in with `requestLiteral`).
   */
  first?: Prepared
  /**
   * The request's final statement, when the caller can write it before `first` answers (from
   * what it knew of the table before): sent in the same write as the opening, with COMMIT, on a
   * server. Only for statements without effects (reads): if `first` shows the guess was wrong,
   * the caller runs the request again.
   */
  ahead?: Prepared
  /** The transaction ends in ROLLBACK rather than COMMIT, whatever `fn` did (PostgREST's `Prefer: tx=rollback`). */
  rollback?: boolean
}

/** A statement with its (text) parameters quoted in, for the simple protocol. */
function inlined(statement: Prepared): string {
  return statement.text.replace(/\$(\d+)/g, (_, i: string) => requestLiteral(String(statement.params[Number(i) - 1])))
}

/** The settings `auth.uid()`, `auth.role()` and `auth.jwt()` read, for this transaction, as a select list. */
const claimSettings = (claims: string, sub: string, role: string) => `pg_catalog.set_config('request.jwt.claims', ${requestLiteral(claims)}, true),
  pg_catalog.set_config('request.jwt.claim.sub', ${requestLiteral(sub)}, true),
  pg_catalog.set_config('request.jwt.claim.role', ${requestLiteral(role)}, true)`

/**
 * Round trips of a request: BEGIN, the claims and `first` together; the statements `fn` runs;
 * COMMIT (on PGlite with the session's reset). On a Postgres server the request runs on the
 * project API's own pool (api-requests.ts): its statements go straight to Postgres as the
 * request's role, which its login role cannot leave, so they need no jail.
 */
export async function withRequestRole<T>(
  ref: string,
  request: { role: ApiRole; claims: RequestClaims },
  fn: (session: RequestSession) => Promise<T>,
  options: RequestOptions = {}
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? (await projectTimeoutMs(ref))
  const sub = typeof request.claims.sub === 'string' ? request.claims.sub : ''
  const claimsJson = JSON.stringify(request.claims)
  return withEngine(ref, (engine) => {
    if (engine.requests) {
      // A server: the API login role takes on the request's role for this transaction (api-requests.ts).
      return engine.requests.run(
        { role: request.role, claims: claimsJson, sub },
        { first: options.first ?? null, ahead: options.ahead },
        (first, query, ahead) => fn({ first: first?.rows ?? [], ahead, query: (sql, params, queryOptions) => query(sql, params, { final: queryOptions?.final, key: queryOptions?.describeKey }) }),
        { signal: options.signal, timeoutMs, rollback: options.rollback }
      )
    }
    const claims = claimSettings(claimsJson, sub, request.role)
    const first = options.first ? `;\n${inlined(options.first)}` : ''
    const roles = projectRoleNames(ref)
    const singleTenant = engine.kind === 'pglite'
    if (options.ahead && !options.rollback) return readInOneTrip(engine.requestTrip, ref, request.role, `begin; select ${claims}${first}`, { ...options, timeoutMs }, fn)
    return engine.session(
      async (session) => {
        try {
          const results = await session.simple(`begin; select ${claims}${first}`)
          const result = await fn({
            first: results[2]?.rows ?? [],
            ahead: null,
            query: (sql, params, queryOptions) =>
              runMemberSql(queryOptions?.describeKey ? describingFromCache(session, ref, queryOptions.describeKey) : session, {
                query: sql, parameters: params, single: true, role: request.role, roles, singleTenant,
              }),
          })
          // With `rollback` the session's end (engines.ts) rolls the transaction back and resets the session.
          if (!options.rollback) await session.commitAndReset()
          return result
        } catch (error) {
          await session.simple('rollback').catch(() => {}) // after a timeout on PGlite the worker is gone, and the transaction with it
          throw error
        }
      },
      { signal: options.signal, timeoutMs }
    )
  })
}

const trips = globalThis as typeof globalThis & { __oneTripReads?: number }

/** How many project API reads this process answered in one round trip to a PGlite worker (its tests and diagnostics). */
export const oneTripReads = (): number => trips.__oneTripReads ?? 0

/**
 * PGlite: the opening (BEGIN, claims, `first`), the read sent ahead in its role's jail and the
 * request's end in one round trip (request-batch.ts); `fn` gets the read's outcome. A failure but
 * a cancel is AheadFailed (the transaction is rolled back), so the request runs the usual way.
 */
async function readInOneTrip<T>(
  trip: Engine['requestTrip'], ref: string, role: ApiRole, opening: string, options: RequestOptions, fn: (session: RequestSession) => Promise<T>
): Promise<T> {
  const ahead = options.ahead!
  const call = trip ? inlinedJailCall(role, ref, ahead.key ?? '', ahead.text, ahead.params) : null
  if (!trip || !call) throw new AheadFailed('the read cannot be sent in one round trip')
  const statements = options.first ? 4 : 3 // begin, claims, [first], the read
  let results: RawResult[]
  try {
    // Kept: `first`'s rows and the read's; BEGIN's and the claims' results say nothing.
    results = await trip(`${opening};\n${call.sql}`, statements, options.first ? [2, 3] : [2], { signal: options.signal, timeoutMs: options.timeoutMs })
  } catch (error) {
    if ((error as { code?: string } | null)?.code === '57014') throw error
    throw new AheadFailed('the read sent ahead failed', { cause: error })
  }
  trips.__oneTripReads = oneTripReads() + 1
  return fn({
    first: options.first ? results[0].rows : [],
    ahead: { result: call.finish(results[results.length - 1]) },
    query: () => Promise.reject(new Error('the request ended with its read sent ahead')),
  })
}
