import type { SqlErrorBody, SqlField, SqlStreamLine } from '@/lib/api-types/sql'
import { ApiError } from '../http/errors'
import { recordStatement } from '../logs/postgres-log'
import { withProjectSession } from './databases'
import { StatementTimeoutError, type ProjectSession } from './engines'
import { offsetError, openMemberSql, STREAM_CURSOR, typeInfos } from './member-sql'
import { errorBody, isPgError, MAX_RESULT_ROWS, projectTimeoutMs } from './run-query'
import { schemaMayHaveChanged } from './schema-epoch'
import type { MigrationRecordInput } from './migration-record'
import { LinePipe, PipeLeft } from './stream-pipe'
import { projectKind, projectRoleNames } from './targets'

/**
 * `POST /platform/pg-meta/{ref}/query` with `Accept: application/x-ndjson`: the result streams
 * (SqlStreamLine). The member's SQL runs in the jail exactly as runProjectQuery runs it; the last
 * statement's rows are read through a NO SCROLL cursor over the jail's call (never a cursor the
 * member's code could reach after the jail: no WITH HOLD), FETCH by FETCH, each chunk written to the
 * response before the next is read, so neither this process nor the worker holds the whole result
 * (the database keeps it, spilling to disk past work_mem). A chunk waits until the client has taken
 * the one before; a client that leaves stops the query (its transaction rolled back).
 * The first chunk is read before the answer starts: an error of the statement itself is the
 * usual 400; what fails later (timeout, the size cap, the database gone) ends the stream with an
 * `error` line after the rows that arrived.
 */

/**
 * Rows of the first FETCH (the first screenful, soon); each following one asks for more, up to
 * CHUNK_ROWS and to about CHUNK_BYTES of JSON at the rows' size so far: what this process holds of
 * a result at once (a chunk read, one written) stays small however wide the rows are.
 */
export const FIRST_CHUNK_ROWS = 50
export const CHUNK_ROWS = 5_000
export const CHUNK_BYTES = 512 * 1024

export type StreamInput = {
  query: string
  parameters?: unknown[]
  readOnly: boolean
  signal: AbortSignal
  /** Bytes of row JSON past which the stream stops with an error (what the client will hold). */
  maxBytes: number
  /** Record the run's schema changes in the project's migration history (migration-record.ts). */
  record?: MigrationRecordInput
  /** Who ran it (`x-pg-application-name`), for its log line. */
  applicationName?: string | null
}

export type StreamOutcome = { ok: true; lines: AsyncIterable<string> } | { ok: false; error: SqlErrorBody }

const line = (value: SqlStreamLine) => `${JSON.stringify(value)}\n`

function tooLarge(maxBytes: number): SqlErrorBody {
  const mib = Math.round((maxBytes / 2 ** 20) * 10) / 10
  return {
    message: `The result is larger than ${mib} MiB, more than the browser can hold: the query was stopped. The rows that arrived are shown.`,
    code: '54000',
    position: null,
    detail: null,
    hint: 'Add a LIMIT or a WHERE, or select fewer or smaller columns.',
    where: null,
    severity: 'ERROR',
  }
}

function failure(error: unknown, single: { readOnly: boolean } | null): SqlErrorBody {
  if (isPgError(error)) return errorBody(error, single)
  const message = error instanceof Error ? error.message : String(error)
  return { message: `The database stopped answering: ${message}`, code: '08006', position: null, detail: null, hint: null, where: null, severity: 'ERROR' }
}

/** The next `count` rows; past the deadline (a client that reads slowly holds the session) the query ends as timed out. */
async function fetchRows(session: ProjectSession, count: number, width: number, deadline: { at: number; ms: number }): Promise<unknown[][]> {
  if (Date.now() > deadline.at) throw new StatementTimeoutError(deadline.ms)
  const { rows } = await session.extended(`fetch forward ${count} from ${STREAM_CURSOR}`, [])
  return rows.map((row) => {
    const values = new Array<unknown>(width)
    for (let i = 0; i < width; i++) values[i] = row[`c${i + 1}`]
    return values
  })
}

/** Runs the query; once its first rows (or its error) are known, the lines of its answer. */
export async function streamProjectQuery(ref: string, input: StreamInput): Promise<StreamOutcome> {
  const single = input.readOnly || (input.parameters?.length ?? 0) > 0
  const timeoutMs = await projectTimeoutMs(ref)
  const pipe = new LinePipe()
  const startedAt = new Date()
  const started = performance.now()
  let first: StreamOutcome | null = null
  let opened!: (outcome: StreamOutcome | ApiError) => void
  const head = new Promise<StreamOutcome | ApiError>((resolve) => (opened = resolve))
  let reached = true
  const summary = { command: null as string | null, rowCount: null as number | null, error: null as SqlErrorBody | null }

  const deadline = { at: Date.now() + timeoutMs, ms: timeoutMs }
  // A line waits for the client to take it at most until the deadline: one that stops reading
  // does not hold the session (on PGlite, the whole database) past the plan's timeout.
  const put = (text: string) => {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StatementTimeoutError(deadline.ms)), Math.max(0, deadline.at - Date.now()))
    })
    return Promise.race([pipe.put(text), late]).finally(() => clearTimeout(timer))
  }
  const produce = async (session: ProjectSession) => {
    const run = await openMemberSql(
      session,
      { query: input.query, parameters: input.parameters, single, role: input.readOnly ? 'readonly' : 'owner', roles: projectRoleNames(ref), singleTenant: projectKind(ref) === 'pglite', record: input.record },
      true
    )
    const types = await typeInfos(session, run.result.fields.map((f) => f.dataTypeID))
    const fields: SqlField[] = run.result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID, type: types.get(f.dataTypeID)?.name ?? null }))
    summary.command = run.result.command
    if (!run.cursor) {
      if (!run.open) await session.commitAndReset()
      summary.rowCount = run.result.rowCount
      first = { ok: true, lines: pipe }
      opened(first)
      await put(line({ fields }))
      pipe.end(line({ end: { rowCount: run.result.rowCount, command: run.result.command, truncated: false } }))
      return
    }
    let rows: unknown[][]
    try {
      rows = await fetchRows(session, FIRST_CHUNK_ROWS, fields.length, deadline)
    } catch (error) {
      offsetError(error, run.statement!, false)
    }
    first = { ok: true, lines: pipe }
    opened(first)
    await put(line({ fields }))
    let sent = 0
    let bytes = 0
    let lastBytes = 0
    let asked = FIRST_CHUNK_ROWS
    let truncated = false
    for (;;) {
      const room = MAX_RESULT_ROWS - sent
      if (rows.length > room) {
        rows = rows.slice(0, room)
        truncated = true
      }
      if (rows.length > 0) {
        const text = line({ rows })
        lastBytes = text.length
        bytes += text.length
        if (bytes > input.maxBytes) {
          summary.error = tooLarge(input.maxBytes)
          pipe.end(line({ error: summary.error }))
          return
        }
        sent += rows.length
        await put(text)
      }
      if (truncated || rows.length < asked) break
      const rowBytes = rows.length > 0 ? lastBytes / rows.length : 1
      const next = Math.max(1, Math.min(asked * 5, CHUNK_ROWS, Math.floor(CHUNK_BYTES / rowBytes)))
      asked = sent + next > MAX_RESULT_ROWS ? MAX_RESULT_ROWS - sent + 1 : next
      rows = await fetchRows(session, asked, fields.length, deadline)
    }
    let rowCount = sent
    if (truncated) {
      const moved = await session.extended(`move forward all in ${STREAM_CURSOR}`, [])
      rowCount = moved.rowCount !== null ? sent + 1 + moved.rowCount : sent
    }
    // The script's own transaction ends with the session's reset, in one round trip (its COMMIT closes the cursor).
    if (run.commit) await session.commitAndReset()
    else await session.simple(`close ${STREAM_CURSOR}`)
    summary.rowCount = rowCount
    pipe.end(line({ end: { rowCount: truncated && rowCount === sent ? null : rowCount, command: run.result.command, truncated } }))
  }

  const finish = () => {
    if (!input.readOnly) schemaMayHaveChanged(ref)
    const outcome = summary.error
      ? { ok: false as const, error: summary.error }
      : { ok: true as const, result: { rows: [], fields: [], rowCount: summary.rowCount, command: summary.command, truncated: false } }
    recordStatement(ref, input, outcome, performance.now() - started, startedAt)
  }

  void withProjectSession(ref, produce, { signal: input.signal, timeoutMs })
    .catch((error: unknown) => {
      if (error instanceof PipeLeft) return
      if (first) {
        summary.error = failure(error, single ? { readOnly: input.readOnly } : null)
        pipe.end(line({ error: summary.error }))
      } else if (isPgError(error)) {
        summary.error = errorBody(error, single ? { readOnly: input.readOnly } : null)
        opened({ ok: false, error: summary.error })
      } else if (error instanceof ApiError) {
        reached = false
        opened(error)
      } else {
        reached = false
        const message = error instanceof Error ? error.message : String(error)
        console.error(`[platform-api] pg-meta ${ref}: ${message}`)
        opened(new ApiError(503, `Could not reach the database of project ${ref}: ${message}`))
      }
    })
    .finally(() => {
      pipe.end()
      if (reached) finish()
    })
  const outcome = await head
  if (outcome instanceof ApiError) throw outcome
  return outcome
}
