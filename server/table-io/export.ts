import type { ExportFormat } from '@/lib/api-types/table-io'
import { quoteIdent } from '@/lib/sql/identifiers'
import { orderClause, whereClause, type RowFilter, type RowSort } from '@/lib/sql/table-rows'
import { ApiError } from '../http/errors'
import { withProjectSession } from '../projects/databases'
import { StatementTimeoutError, type ProjectSession } from '../projects/engines'
import { openMemberSql, runJailedText, STREAM_CURSOR, type MemberRun } from '../projects/member-sql'
import { errorBody, isPgError } from '../projects/run-query'
import { LinePipe, PipeLeft } from '../projects/stream-pipe'
import { grantReadonlyUsageSql } from '../projects/jail'
import { projectKind, projectRoleNames } from '../projects/targets'

/**
 * A table, or the rows of it the table editor's filters leave, as CSV, JSON or SQL INSERTs,
 * streamed: one query (so one snapshot, never pages by LIMIT/OFFSET) read through a cursor over
 * the member's jail, FETCH by FETCH, each chunk written to the response before the next is read.
 * The text of each row is made by the database (CSV quoted as COPY quotes: only values holding a
 * comma, quote or newline, and empty strings, which NULL is not), so values are never cut.
 */

export const EXPORT_CHUNK_ROWS = 2_000
/** An export may run this long, a slow reader included (it holds the session; on PGlite, the database). */
export const EXPORT_TIMEOUT_MS = 30 * 60_000

export type ExportInput = {
  schema: string
  table: string
  format: ExportFormat
  filters: RowFilter[]
  sorts: RowSort[]
  readOnly: boolean
  signal: AbortSignal
}

/** A value's CSV form as COPY … CSV writes it. */
export function csvValue(value: string | null): string {
  if (value === null) return ''
  return value === '' || /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** The SQL expression of a text value's CSV form (NULL: nothing). */
function csvCellSql(v: string): string {
  return `case when ${v} is null then '' when ${v} = '' or ${v} ~ E'[",\\\\r\\\\n]' then '"' || pg_catalog.replace(${v}, '"', '""') || '"' else ${v} end`
}

function rowSql(format: ExportFormat, table: string, columns: string[]): string {
  if (format === 'json') return 'pg_catalog.row_to_json(r)::pg_catalog.text'
  const texts = columns.map((_, i) => `v.t${i + 1}`)
  if (format === 'csv') return texts.map(csvCellSql).join(` || ',' || `)
  return `'INSERT INTO ${table.replace(/'/g, "''")} (${columns.map(quoteIdent).join(', ').replace(/'/g, "''")}) VALUES (' || ${texts.map((t) => `pg_catalog.quote_nullable(${t})`).join(` || ', ' || `)} || ');'`
}

export type ExportOutcome = { ok: true; stream: AsyncIterable<string>; filename: string }

/** Starts the export; resolves once its first rows (or its error: a 400 ApiError) are known. */
export async function streamTableExport(ref: string, input: ExportInput): Promise<ExportOutcome> {
  const roles = projectRoleNames(ref)
  const run: MemberRun = { query: '', single: true, role: input.readOnly ? 'readonly' : 'owner', roles, singleTenant: projectKind(ref) === 'pglite' }
  const table = `${quoteIdent(input.schema)}.${quoteIdent(input.table)}`
  const pipe = new LinePipe()
  const deadline = Date.now() + EXPORT_TIMEOUT_MS
  let opened!: (outcome: ExportOutcome | Error) => void
  const head = new Promise<ExportOutcome | Error>((resolve) => (opened = resolve))
  let started = false

  const fetchChunk = async (session: ProjectSession): Promise<string[]> => {
    if (Date.now() > deadline) throw new StatementTimeoutError(EXPORT_TIMEOUT_MS)
    const { rows } = await session.extended(`fetch forward ${EXPORT_CHUNK_ROWS} from ${STREAM_CURSOR}`, [])
    return rows.map((row) => row.c1 as string)
  }

  const produce = async (session: ProjectSession) => {
    // A Read-only member reads the project's schemas as the read-only role (openMemberSql then opens its read-only transaction).
    if (input.readOnly) await session.simple(grantReadonlyUsageSql(roles))
    const { rows: described } = await runJailedText(
      session,
      run,
      `select a.attname::pg_catalog.text as name from pg_catalog.pg_attribute a
        where a.attrelid = pg_catalog.to_regclass($1) and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [table]
    )
    const columns = described.map((r) => r.name as string)
    if (columns.length === 0) throw new ApiError(404, `relation "${input.schema}.${input.table}" does not exist`)
    for (const f of [...input.filters, ...input.sorts]) {
      if (!columns.includes(f.column)) throw new ApiError(400, `column "${f.column}" of relation "${input.schema}.${input.table}" does not exist`)
    }
    const where = whereClause(input.filters)
    const { rows: keyRows } = await runJailedText(
      session,
      run,
      `select a.attname::pg_catalog.text as name from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = pg_catalog.to_regclass($1) and i.indisprimary order by pg_catalog.array_position(i.indkey::int2[], a.attnum)`,
      [table]
    )
    const base = `select * from ${table} ${where.sql} ${orderClause(input.sorts, keyRows.map((r) => r.name as string))}`
    const lateral = columns.map((c, i) => `r.${quoteIdent(c)}::pg_catalog.text as t${i + 1}`).join(', ')
    const query = `select ${rowSql(input.format, table, columns)} as line from (${base}) r${input.format === 'json' ? '' : `, lateral (select ${lateral}) v`}`
    const opening = await openMemberSql(session, { ...run, query, parameters: where.parameters }, true)
    if (!opening.cursor) throw new Error('the export query returned no rows cursor')
    let rows = await fetchChunk(session)
    started = true
    opened({ ok: true, stream: pipe, filename: `${input.table}.${input.format}` })
    const header = input.format === 'csv' ? `${columns.map(csvValue).join(',')}\n` : input.format === 'json' ? '[' : ''
    let first = true
    await pipe.put(header)
    for (;;) {
      if (rows.length > 0) {
        const text =
          input.format === 'json'
            ? (first ? '\n' : ',\n') + rows.join(',\n')
            : `${rows.join('\n')}\n`
        first = false
        await pipe.put(text)
      }
      if (rows.length < EXPORT_CHUNK_ROWS) break
      rows = await fetchChunk(session)
    }
    await session.simple(`close ${STREAM_CURSOR}`)
    await session.commitAndReset()
    pipe.end(input.format === 'json' ? (first ? ']\n' : '\n]\n') : undefined)
  }

  void withProjectSession(ref, produce, { signal: input.signal, timeoutMs: EXPORT_TIMEOUT_MS })
    .catch((error: unknown) => {
      if (error instanceof PipeLeft) return
      if (started) {
        // Headers are gone: the file ends short, and the client sees the cut connection.
        console.error(`[platform-api] export of ${ref} stopped: ${error instanceof Error ? error.message : String(error)}`)
        pipe.fail(error instanceof Error ? error : new Error(String(error)))
      } else if (isPgError(error)) opened(new ApiError(400, errorBody(error, { readOnly: input.readOnly }).message))
      else if (error instanceof ApiError) opened(error)
      else opened(new ApiError(503, `Could not reach the database of project ${ref}: ${error instanceof Error ? error.message : String(error)}`))
    })
    .finally(() => pipe.end())
  const outcome = await head
  if (outcome instanceof Error) throw outcome
  return outcome
}
