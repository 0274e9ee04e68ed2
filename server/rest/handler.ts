/**
 * `{project API}/rest/v1/{table}`: the PostgREST-compatible data API of a project, as the real
 * `@supabase/supabase-js` calls it (the other services: project-api/gateway.ts). The `apikey` header must
 * be a key of the project (api-keys.ts); `Authorization: Bearer` is that key or a project user's token (project-auth/bearer.ts). The request runs as that role with its
 * claims (request-role.ts), so row level security decides. Answers carry CORS headers so browsers
 * may call it. Embedding through foreign keys is served (`!inner`, spreads of a many-to-one,
 * ordering and paging embedded rows, and from the rows of a function returning a table's rows), and
 * `rpc/{function}` by POST, GET and HEAD, in the schemas the project exposes (config.ts), reads
 * capped at its max rows; CSV for `Accept: text/csv` (bodies.ts). `Prefer`: tx= within the
 * project's db_tx_end, max-affected, counts (prefer.ts, plan.ts), missing=default (defaults.ts);
 * `Accept: application/vnd.pgrst.plan` answers the EXPLAIN of the request's statement (plan.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentRange, limitRows, parsePrefer, parseQuery, profileSchema, readStatus, RestError, type RestQuery } from '@/lib/rest'
import { recordRestAnswer } from '../logs/rest-log'
import { ApiError } from '../http/errors'
import { DEFAULT_BODY_LIMIT, readBody } from '../http/node-adapter'
import type { ProjectCaller, ProjectRequest } from '../project-api/frame'
import type { ApiRole } from '../projects/api-roles'
import { AheadFailed, withRequestRole, type RequestSession } from '../projects/request-role'
import { argumentsAmong, lookupFunction, rpcStatement } from './functions'
import { restSettings } from './config'
import { resolveEmbeds, tableFromRows, tableLookup, type RestTable } from './catalogue'
import { readRows } from './bodies'
import { columnDefaults } from './defaults'
import { explained, planAnswer, preferredTotal } from './plan'
import { checkMaxAffected, checkMaxAffectedFunction, endsInRollback, mayRefuseAfter, preferenceApplied } from './prefer'
import { readAhead, rememberTable, shapeKey, StaleRead } from './read-ahead'
import { deleteStatement, insertStatement, notSupportedYet, readStatement, updateStatement, type Statement } from './sql'
import { upsertedRows } from './upsert-count'
import { firstHeader as header } from '../http/headers'

const PATH = /^\/([^/]+)\/rest\/v1\/(.*)$/

type Reply = { status: number; body?: string; headers?: Record<string, string> }


const invalidKey = () =>
  new RestError(401, 'PGRST301', 'Invalid API key', null, 'Double check your Supabase `anon` or `service_role` API key.')

/**
 * How the gateway declares this service (project-api/gateway.ts): every request proves a caller, a
 * key or a project user's token (project-auth/bearer.ts), refused as PostgREST does; each answer
 * gets its postgrest_logs line.
 */
export const REST_SERVICE = {
  auth: { proves: 'caller', refusal: () => invalidKey().toJSON() },
  log: (frame: ProjectRequest, res: ServerResponse, req: IncomingMessage) =>
    recordRestAnswer({ ref: frame.ref, method: frame.method, url: req.url ?? '/', status: res.statusCode, durationMs: performance.now() - frame.started, role: frame.role, bytes: frame.sent, startedAt: frame.startedAt }),
} as const

/** A Postgres error as PostgREST answers it, with its status. */
function postgresError(error: { code: string; message: string; detail?: string; hint?: string }, role: ApiRole): RestError {
  const statuses: Record<string, number> = { '23505': 409, '23503': 409, '42P01': 404, '22P02': 400 }
  const status = error.code === '42501' ? (role === 'anon' ? 401 : 403) : (statuses[error.code] ?? 400)
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null)
}

const isPostgresError = (error: unknown): error is { code: string; message: string } => {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
}

/**
 * Runs a request's last statement: its JSON rows, their number and the total (null unless
 * counted). `final` when its answer cannot roll it back (a read, or no single object asked for),
 * so the transaction commits with it.
 */
async function run(session: RequestSession, statement: Statement, final: boolean, describeKey?: string): Promise<{ body: string; n: number; total: number | null }> {
  return readRows(await session.query(statement.sql, statement.params, { describeKey, final }))
}

/** The answer to a read (GET, HEAD) from its rows. */
function answerRead(method: string, query: RestQuery, { body, n, total }: { body: string; n: number; total: number | null }): Reply {
  const status = readStatus(query.range.offset, n, total)
  const out = shaped(query, body, n)
  const range = contentRange(query.range.offset, n, total)
  return { status, body: method === 'HEAD' ? undefined : out.body, headers: { 'Content-Type': out.type, 'Content-Range': range } }
}

/** One object for `Accept: application/vnd.pgrst.object+json`, else PGRST116 (406), rolling the request back; CSV as built (bodies.ts). */
function shaped(query: RestQuery, body: string, n: number): { body: string; type: string } {
  if (query.shape === 'array') return { body, type: 'application/json; charset=utf-8' }
  if (query.shape === 'csv') return { body, type: 'text/csv; charset=utf-8' }
  if (n !== 1) {
    throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${n} rows`)
  }
  return { body: JSON.stringify((JSON.parse(body) as unknown[])[0]), type: 'application/vnd.pgrst.object+json; charset=utf-8' }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = (await readBody(req, DEFAULT_BODY_LIMIT)).toString('utf8')
  try {
    return raw.trim() === '' ? {} : JSON.parse(raw)
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

async function serve(method: string, table: RestTable, query: RestQuery, session: RequestSession, payload: unknown): Promise<Reply> {
  const represent = query.prefer.return === 'representation'
  const embeds = await resolveEmbeds(session, table, query.select)
  // A statement on this table alone is typed by its text and the table's columns (read in this
  // transaction), so its description may come from the cache; with embeds it is described afresh.
  const describeKey = embeds.size === 0 ? shapeKey(table) : undefined
  let statement: Statement | null
  if (method === 'GET' || method === 'HEAD') {
    const count = query.prefer.count
    const read = readStatement(table, query, count === 'exact' || count === 'estimated', embeds)
    if (query.plan) return planAnswer(await session.query(explained(read, query.plan).sql), query.plan)
    const planner = count === 'planned' || count === 'estimated' // a second statement may follow (plan.ts)
    const rows = await run(session, read, !planner, describeKey)
    return answerRead(method, query, planner ? { ...rows, total: await preferredTotal(session, table, query, rows.total) } : rows)
  }
  const upsert = method === 'POST' && query.prefer.resolution === 'merge-duplicates'
  if (method === 'POST') {
    const rows = Array.isArray(payload) ? payload : [payload]
    if (!rows.every(isObject)) throw new RestError(400, 'PGRST102', 'All object keys must match', 'Every row must be a JSON object')
    if (rows.length === 0) return { status: 201, body: represent ? '[]' : undefined }
    const defaults = query.prefer.missing === 'default' ? await columnDefaults(session, table) : undefined
    statement = insertStatement(table, query, rows, represent, embeds, defaults)
  } else if (method === 'PATCH') {
    if (!isObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH takes one JSON object')
    statement = updateStatement(table, query, payload, represent, embeds)
  } else if (method === 'DELETE') {
    statement = deleteStatement(table, query, represent, embeds)
  } else {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  }
  if (query.plan && statement) return planAnswer(await session.query(explained(statement, query.plan).sql), query.plan)
  // The statement ends the transaction unless its answer may still refuse it (one object, max-affected) or an upsert's count follows.
  const final = (!represent || query.shape !== 'object') && !upsert && !mayRefuseAfter(query.prefer)
  const { body, n } = statement ? await run(session, statement, final, describeKey) : { body: '[]', n: 0 }
  if (method !== 'POST') checkMaxAffected(query.prefer, n)
  // An upsert that only updated answers 200, as PostgREST (its inserted rows: those it did not update).
  const success = method === 'POST' ? (upsert && statement && n - (await upsertedRows(session)) <= 0 ? 200 : 201) : represent ? 200 : 204
  if (!represent) return { status: success, headers: { 'Content-Range': method === 'POST' ? '*/*' : `*/${n}` } }
  const out = shaped(query, body, n)
  return { status: success, body: out.body, headers: { 'Content-Type': out.type, 'Content-Range': `*/${n}` } }
}

/** Query parameters that are never a function's arguments. */
const RESERVED_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])

/**
 * `rpc/{name}`: by POST with a JSON object of named arguments, or by GET/HEAD with them as query
 * parameters (the other parameters filter its rows): the function's value, or its rows.
 */
async function serveRpc(session: RequestSession, schema: string, name: string, request: RpcRequest): Promise<Reply> {
  let { payload } = request
  let query: RestQuery
  if (request.method === 'POST') {
    query = request.parse(request.params)
  } else {
    const keys = request.params.map(([key]) => key).filter((key) => !RESERVED_PARAMS.has(key) && !key.includes('.'))
    const args = await argumentsAmong(session, schema, name, keys)
    payload = Object.fromEntries(request.params.filter(([key]) => args.includes(key)))
    query = request.parse(request.params.filter(([key]) => !args.includes(key)))
  }
  if (!isObject(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'A function takes one JSON object of named arguments')
  const fn = await lookupFunction(session, schema, name, Object.keys(payload))
  checkMaxAffectedFunction(query.prefer, fn.set)
  const statement = await rpcStatement(session, fn, payload, query, query.prefer.count !== undefined)
  if (query.plan) return planAnswer(await session.query(explained(statement, query.plan).sql), query.plan)
  const { body, n, total } = await run(session, statement, (!fn.set || query.shape !== 'object') && !mayRefuseAfter(query.prefer))
  checkMaxAffected(query.prefer, n)
  const range = contentRange(query.range.offset, n, total)
  // A function returning void answers 204 without a body, as PostgREST.
  if (fn.void) return { status: 204, headers: { 'Content-Range': range } }
  const status = readStatus(query.range.offset, n, total)
  const out = fn.set || query.shape === 'csv' ? shaped(query, body, n) : { body, type: 'application/json; charset=utf-8' }
  return { status, body: request.method === 'HEAD' ? undefined : out.body, headers: { 'Content-Type': out.type, 'Content-Range': range } }
}

type RpcRequest = { method: string; params: [string, string][]; payload: unknown; parse: (params: [string, string][]) => RestQuery }

/** A part of the path, percent-decoded; 400 rather than a URIError (500) when its escapes are not UTF-8. */
function decodedPath(part: string, pathname: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new RestError(400, 'PGRST125', `Invalid path specified in request URL: ${pathname} is not validly percent-encoded UTF-8`)
  }
}

/** A statement cancelled (its time was up, or its caller left): never run again. */
const isCancel = (error: unknown) => (error as { code?: string } | null)?.code === '57014'

async function handle(req: IncomingMessage, method: string, url: URL, frame: ProjectRequest): Promise<Reply> {
  const match = PATH.exec(url.pathname)
  if (!match) throw new RestError(404, 'PGRST125', `Invalid path specified in request URL: ${url.pathname}`)
  const [ref, name] = [match[1], match[2]].map((part) => decodedPath(part, url.pathname))
  const signal = frame.signal
  const caller: ProjectCaller | null = await frame.caller() // proven by the gateway (REST_SERVICE.auth)
  if (!caller) throw invalidKey()
  const settings = await restSettings(ref) // exposed schemas, max rows, aggregates, transaction end (config.ts)
  const schema = profileSchema(settings.schemas, header(req.headers[method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile']))
  const rpc = /^rpc\/([^/]+)$/.exec(name)?.[1]
  if (!rpc && (name === '' || name.includes('/'))) throw notSupportedYet(`The path '${name}'`)
  if (rpc && !['GET', 'HEAD', 'POST'].includes(method)) throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
  const params = [...url.searchParams]
  // Reads (and functions' rows) answer at most max_rows rows, as PostgREST's db-max-rows.
  const capped = (query: RestQuery) => (rpc || method === 'GET' || method === 'HEAD' ? limitRows(query, settings.maxRows) : query)
  const parse = (pairs: [string, string][]) => capped(parseQuery(pairs, {
    range: header(req.headers.range), rangeUnit: header(req.headers['range-unit']),
    prefer: req.headers.prefer, accept: header(req.headers.accept),
  }, { aggregates: settings.aggregatesEnabled }))
  const query = rpc ? null : parse(params)
  const prefer = query?.prefer ?? parsePrefer(req.headers.prefer)
  // `Prefer: tx=rollback` (or the project's db_tx_end): the transaction is rolled back once answered.
  const rollback = endsInRollback(settings.txEnd, prefer)
  const payload = method === 'POST' || method === 'PATCH' ? await readJson(req) : undefined
  let ahead = query && !rollback ? readAhead(ref, method, schema, name, query) : undefined
  const applied = preferenceApplied(prefer, settings.txEnd, method !== 'GET' && method !== 'HEAD')
  const withApplied = (reply: Reply): Reply => (applied ? { ...reply, headers: { ...reply.headers, 'Preference-Applied': applied } } : reply)
  for (;;) {
    const guess = ahead
    try {
      return withApplied(await withRequestRole(
        ref, caller,
        async (session) => {
          if (!query) return serveRpc(session, schema, rpc!, { method, params, payload, parse })
          if (guess?.trusted && session.ahead) {
            // Sent without the lookup (read-ahead.ts): a failure but a cancel goes the usual way, which decides.
            if ('error' in session.ahead) throw isCancel(session.ahead.error) ? session.ahead.error : new StaleRead()
            return answerRead(method, query, readRows(session.ahead.result))
          }
          const table = tableFromRows(schema, name, session.first)
          const shape = rememberTable(ref, table)
          if (!session.ahead || !guess) return serve(method, table, query, session, payload)
          if (shape !== guess.key) throw new StaleRead()
          if ('error' in session.ahead) throw session.ahead.error
          return answerRead(method, query, readRows(session.ahead.result))
        },
        { signal, first: rpc || guess?.trusted ? undefined : tableLookup(schema, name), ahead: guess, rollback }
      ))
    } catch (error) {
      if ((error instanceof StaleRead || error instanceof AheadFailed) && ahead) {
        ahead = undefined // once more, the usual way
        continue
      }
      throw isPostgresError(error) ? postgresError(error, caller.role) : error
    }
  }
}

/** Writes the answer. */
function send(res: ServerResponse, reply: Reply): void {
  const headers = reply.body === undefined ? { ...reply.headers } : { ...reply.headers, 'Content-Length': String(Buffer.byteLength(reply.body)) }
  res.writeHead(reply.status, headers)
  res.end(reply.body)
}

async function answer(req: IncomingMessage, res: ServerResponse, method: string, url: URL, frame: ProjectRequest): Promise<void> {
  if (method === 'OPTIONS') return send(res, { status: 200 })
  try {
    return send(res, await handle(req, method, url, frame)) // a client that leaves cancels its statement (frame.signal)
  } catch (error) {
    const rest =
      error instanceof RestError ? error
      : error instanceof ApiError ? new RestError(error.status, 'PGRST000', error.message)
      : null
    if (!rest) console.error(`[project-api] ${method} ${req.url} failed`, error)
    const body = (rest ?? new RestError(500, 'PGRST000', 'Internal server error')).toJSON()
    return send(res, { status: rest?.status ?? 500, body: JSON.stringify(body), headers: { 'Content-Type': 'application/json; charset=utf-8' } })
  }
}

/** The paths and methods served here (`npm run routes`; the project API walk checks each). */
export const REST_ROUTES = [
  ...['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => `${m} /rest/v1/{table}`),
  ...['GET', 'HEAD', 'POST', 'OPTIONS'].map((m) => `${m} /rest/v1/rpc/{function}`),
]

/** `{project url}/rest/v1/...`, as the project API's gateway hands it (project-api/gateway.ts), which logs and meters the answer. */
export async function restHandler(req: IncomingMessage, res: ServerResponse, frame: ProjectRequest): Promise<void> {
  await answer(req, res, frame.method, new URL(req.url ?? '/', 'http://localhost'), frame)
}
