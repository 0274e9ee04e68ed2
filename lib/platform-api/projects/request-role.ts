import type { ApiRole } from './api-roles'
import { withProjectSession } from './databases'
import type { RawResult } from './engines'
import { runMemberSql } from './member-sql'
import { projectTimeoutMs } from './run-query'
import { projectRoleNames, projectTarget } from './targets'

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

/** What `fn` may do: one statement at a time, with parameters ($1 …), as the request's role. */
export type RequestSession = {
  query(sql: string, params?: unknown[]): Promise<RawResult>
}

export type RequestOptions = { signal?: AbortSignal; timeoutMs?: number }

const SET_CLAIMS_SQL = `select pg_catalog.set_config('request.jwt.claims', $1::pg_catalog.text, true),
  pg_catalog.set_config('request.jwt.claim.sub', $2::pg_catalog.text, true),
  pg_catalog.set_config('request.jwt.claim.role', $3::pg_catalog.text, true)`

export async function withRequestRole<T>(
  ref: string,
  request: { role: ApiRole; claims: RequestClaims },
  fn: (session: RequestSession) => Promise<T>,
  options: RequestOptions = {}
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? (await projectTimeoutMs(ref))
  const roles = projectRoleNames(ref)
  const singleTenant = projectTarget(ref).kind === 'pglite'
  const sub = typeof request.claims.sub === 'string' ? request.claims.sub : ''
  return withProjectSession(
    ref,
    async (session) => {
      await session.simple('begin')
      try {
        await session.extended(SET_CLAIMS_SQL, [JSON.stringify(request.claims), sub, request.role])
        const result = await fn({
          query: (sql, params) => runMemberSql(session, { query: sql, parameters: params, single: true, role: request.role, roles, singleTenant }),
        })
        await session.simple('commit')
        return result
      } catch (error) {
        await session.simple('rollback').catch(() => {}) // after a timeout on PGlite the worker is gone, and the transaction with it
        throw error
      }
    },
    { signal: options.signal, timeoutMs }
  )
}
