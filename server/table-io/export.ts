import type { ExportFormat } from '@/lib/api-types/table-io'
import { quoteIdent } from '@/lib/sql/identifiers'
import { orderClause, whereClause, type RowFilter, type RowSort } from '@/lib/sql/table-rows'
import { ApiError } from '../http/errors'
import { withProjectSession } from '../projects/databases'
import { StatementTimeoutError, type ProjectSession } from '../projects/engines'
import { openMemberSql, runJailedText, STREAM_CURSOR, type MemberRun } from '../projects/member-sql'
import { errorBody, isPgError } from '../projects/run-query'
import { LinePipe, PipeLeft } from '../projects/stream-pipe'
import { copiesCsv, copyCsv } from './export-copy'
import { grantReadonlyUsageSql } from '../projects/jail'
import { projectKind, projectRoleNames } from '../projects/targets'

/**
 * A table, or the rows of it the table editor's filters leave, as CSV, JSON or SQL INSERTs,
 * streamed. CSV is written by COPY where it can be (export-copy.ts); otherwise one query (so one snapshot, never pages by LIMIT/OFFSET) read through a cursor over
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

/**
 * Built-in types whose text form is never empty and never holds a comma, quote or line break
 * (numbers, booleans, dates and times, uuids, network addresses): their CSV cell is the text as it
 * is, without the quoting test, which took half the export's time in the database (issue 25).
 */
const PLAIN_CSV_TYPES = new Set([16, 20, 21, 23, 26, 650, 700, 701, 829, 869, 1082, 1083, 1114, 1184, 1186, 1266, 1700, 2950])

type ExportColumn = { name: string; typeOid: number }

const plainCsv = (format: ExportFormat, column: ExportColumn) => format === 'csv' && PLAIN_CSV_TYPES.has(column.typeOid)

/**
 * A column's text: its type's output function, as COPY writes it (a cast to text differs for a
 * few types: `true` for `t`, `::1/128` for `::1`), NULL as nothing for a plain CSV cell.
 */
function cellText(format: ExportFormat, column: ExportColumn, i: number): string {
  const value = `r.${quoteIdent(column.name)}`
  return `${plainCsv(format, column) ? `pg_catalog.concat(${value})` : `${value}::pg_catalog.text`} as t${i + 1}`
}

function rowSql(format: ExportFormat, table: string, columns: ExportColumn[]): string {
  if (format === 'json') return 'pg_catalog.row_to_json(r)::pg_catalog.text'
  const texts = columns.map((_, i) => `v.t${i + 1}`)
  if (format === 'csv') return texts.map((t, i) => (plainCsv(format, columns[i]) ? t : csvCellSql(t))).join(` || ',' || `)
  return `'INSERT INTO ${table.replace(/'/g, "''")} (${columns.map((c) => quoteIdent(c.name)).join(', ').replace(/'/g, "''")}) VALUES (' || ${texts.map((t) => `pg_catalog.quote_nullable(${t})`).join(` || ', ' || `)} || ');'`
}

export type ExportOutcome = { ok: true; stream: AsyncIterable<string | Uint8Array>; filename: string }

/** Starts the export; resolves once its first rows (or its error: a 400 ApiError) are known. */
export async function streamTableExport(ref: string, input: ExportInput): Promise<ExportOutcome> {
  const roles = projectRoleNames(ref)
  const run: MemberRun = { query: '', single: true, role: input.readOnly ? 'readonly' : 'owner', roles, singleTenant: projectKind(ref) === 'pglite' }
  const table = `${quoteIdent(input.schema)}.${quoteIdent(input.table)}`
  const pipe = new LinePipe<string | Uint8Array>()
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
      `select a.attname::pg_catalog.text as name, a.atttypid::pg_catalog.int8 as type_oid from pg_catalog.pg_attribute a
        where a.attrelid = pg_catalog.to_regclass($1) and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [table]
    )
    const typed: ExportColumn[] = described.map((r) => ({ name: r.name as string, typeOid: Number(r.type_oid) }))
    const columns = typed.map((c) => c.name)
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
    const primaryKey = keyRows.map((r) => r.name as string)
    const order = orderClause(input.sorts, primaryKey)
    if (copiesCsv(session, input.format, input.sorts, primaryKey)) {
      await session.simple(`begin isolation level repeatable read${input.readOnly ? ' read only' : ''}`)
      const chunks = copyCsv(session, run, { table, where, order, primaryKey })[Symbol.asyncIterator]()
      let chunk = await chunks.next()
      started = true
      opened({ ok: true, stream: pipe, filename: `${input.table}.csv` })
      await pipe.put(`${columns.map(csvValue).join(',')}\n`)
      for (; !chunk.done; chunk = await chunks.next()) if (chunk.value.byteLength > 0) await pipe.put(chunk.value)
      await session.commitAndReset()
      pipe.end()
      return
    }
    const base = `select * from ${table} ${where.sql} ${order}`
    const lateral = typed.map((c, i) => cellText(input.format, c, i)).join(', ')
    const query = `select ${rowSql(input.format, table, typed)} as line from (${base}) r${input.format === 'json' ? '' : `, lateral (select ${lateral}) v`}`
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
