import type { SqlErrorBody, SqlResult } from '@/lib/api-types/sql'
import { isPlanId } from '@/lib/catalogue/plans'
import { getServerConfig } from '@/lib/config'
import { statementTimeoutMs } from '@/lib/database/statement-timeout'
import { getStore } from '../db/store'
import { ApiError } from '../http/errors'
import { recordStatement } from '../logs/postgres-log'
import { withProjectSession } from './databases'
import type { RawResult } from './engines'
import { openMemberSql, typeInfos, type MemberRun, type Opened } from './member-sql'
import type { MigrationRecordInput } from './migration-record'
import { schemaMayHaveChanged } from './schema-epoch'
import { projectKind, projectRoleNames } from './targets'

/**
 * `POST /platform/pg-meta/{ref}/query`: runs SQL on a project's database.
 *
 * - The SQL runs in the jail (jail.ts, member-sql.ts): as the project's owner role for Developers
 *   and above, as its read-only role for Read-only members, never as a superuser.
 * - Several statements run in one transaction; the last statement's result is returned (an error
 *   anywhere rolls back the whole script).
 * - With `parameters`, or for a Read-only member, the query is one statement. A Read-only
 *   member's statement runs inside `BEGIN READ ONLY`, which is always rolled back.
 * - The plan's statement timeout (lib/database/statement-timeout.ts) ends the request's SQL on
 *   both engines: on a server by cancelling the backend from the platform's own connection, on
 *   PGlite by ending the database's worker, which reopens on the next request.
 * - At most MAX_RESULT_ROWS rows are returned (`truncated: true` beyond). The drivers read the
 *   whole result first, so memory per request is bounded by the statement, not by this cap.
 * - After each request the session is reset (open transaction rolled back, `DISCARD ALL`): after
 *   a result, by ProjectSession.commitAndReset, in the round trip of one simple query (on PGlite
 *   the general end takes two or three messages to the worker, each waiting for a busy event loop).
 */
export const MAX_RESULT_ROWS = 100_000

type PgError = Error & { code: string; severity?: string; position?: string; detail?: string; hint?: string; where?: string }

export function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code) &&
    typeof (error as PgError).severity === 'string'
  )
}

export function errorBody(error: PgError, singleStatement: { readOnly: boolean } | null): SqlErrorBody {
  let hint = error.hint ?? null
  if (singleStatement && error.code === '42601' && /multiple commands/.test(error.message)) {
    hint = singleStatement.readOnly
      ? 'Read-only members run one statement at a time.'
      : 'A query with parameters holds exactly one statement.'
  }
  return {
    message: error.message,
    code: error.code,
    position: error.position ? Number(error.position) : null,
    detail: error.detail ?? null,
    hint,
    where: error.where ?? null,
    severity: error.severity ?? null,
  }
}

type QueryInput = {
  query: string
  parameters?: unknown[]
  readOnly: boolean
  signal?: AbortSignal
  /** False for the platform's own look-ups (e.g. the assistant's suggestions), which are not the member's statements. */
  logged?: boolean
  /** Record the run's schema changes in the project's migration history (migration-record.ts). */
  record?: MigrationRecordInput
  /** Who ran it (`x-pg-application-name`), for its log line. */
  applicationName?: string | null
}
/** `recorded`: versions of the migrations the run wrote (migration-record.ts). */
type QueryOutcome = { ok: true; result: SqlResult; recorded?: string[] } | { ok: false; error: SqlErrorBody }

/** Runs a query on the project's database: its last result, or the Postgres error. Each run is logged (postgres_logs). */
export async function runProjectQuery(ref: string, input: QueryInput): Promise<QueryOutcome> {
  const startedAt = new Date()
  const started = performance.now()
  const outcome = await runUnlogged(ref, input)
  if (!input.readOnly) schemaMayHaveChanged(ref)
  if (input.logged === false) return outcome
  recordStatement(ref, input, outcome, performance.now() - started, startedAt)
  return outcome
}

/** A plan's statement timeout changes with the plan, rarely: a request reads it at most every TIMEOUT_TTL_MS per project. */
const TIMEOUT_TTL_MS = 5_000
const g = globalThis as typeof globalThis & { __projectTimeouts?: Map<string, { ms: Promise<number>; until: number }> }
const timeouts = (g.__projectTimeouts ??= new Map())

/**
 * The plan's statement timeout for the project (self-hosted: enterprise), capped by the setting.
 * Kept TIMEOUT_TTL_MS per project (a plan's change shows within it); the requests of a moment
 * share one read of the store, and a failed read is not kept.
 */
export function projectTimeoutMs(ref: string): Promise<number> {
  const known = timeouts.get(ref)
  if (known && known.until > Date.now()) return known.ms
  const ms = readTimeoutMs(ref)
  if (timeouts.size >= 2_000) timeouts.clear()
  const entry = { ms, until: Date.now() + TIMEOUT_TTL_MS }
  timeouts.set(ref, entry)
  ms.catch(() => {
    if (timeouts.get(ref) === entry) timeouts.delete(ref)
  })
  return ms
}

async function readTimeoutMs(ref: string): Promise<number> {
  const config = getServerConfig()
  const { rows } = await (await getStore()).query<{ plan_id: string }>(
    'select o.plan_id from platform.projects p join platform.organizations o on o.id = p.organization_id where p.ref = $1',
    [ref]
  )
  const plan = rows[0] && isPlanId(rows[0].plan_id) ? rows[0].plan_id : 'free'
  return statementTimeoutMs(plan, { selfHosted: !config.isPlatform, capSeconds: config.statementTimeoutSeconds })
}

async function runUnlogged(ref: string, input: QueryInput): Promise<QueryOutcome> {
  const single = input.readOnly || (input.parameters?.length ?? 0) > 0
  const timeoutMs = await projectTimeoutMs(ref)
  try {
    return await withProjectSession(
      ref,
      async (session) => {
        const run: MemberRun = {
          query: input.query,
          parameters: input.parameters,
          single,
          role: input.readOnly ? 'readonly' : 'owner',
          roles: projectRoleNames(ref),
          singleTenant: projectKind(ref) === 'pglite',
          record: input.record,
        }
        let opened: Opened
        try {
          opened = await openMemberSql(session, run, false)
        } catch (error) {
          if (isPgError(error)) return { ok: false as const, error: errorBody(error, single ? { readOnly: input.readOnly } : null) }
          throw error
        }
        const last = opened.result
        const types = await typeInfos(session, last.fields.map((f) => f.dataTypeID))
        // A transaction left open (a Read-only member's, a script's BEGIN without its end) is rolled back first.
        if (opened.open) await session.simple('rollback')
        await session.commitAndReset()
        const truncated = last.rows.length > MAX_RESULT_ROWS
        return {
          ok: true as const,
          result: {
            rows: truncated ? last.rows.slice(0, MAX_RESULT_ROWS) : last.rows,
            fields: last.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID, type: types.get(f.dataTypeID)?.name ?? null })),
            rowCount: last.rowCount,
            command: last.command,
            truncated,
          },
          // A transaction the script left open was rolled back, and its records with it.
          recorded: opened.open ? [] : (opened.recorded ?? []),
        }
      },
      { signal: input.signal, timeoutMs }
    )
  } catch (error) {
    if (error instanceof ApiError) throw error
    const message = error instanceof Error ? error.message : String(error)
    console.error(`[platform-api] pg-meta ${ref}: ${message}`)
    throw new ApiError(503, `Could not reach the database of project ${ref}: ${message}`)
  }
}
