import type { ImportError, ImportOptions, ImportResult } from '@/lib/api-types/table-io'
import { quoteIdent } from '@/lib/sql/identifiers'
import { withProjectSession } from '../projects/databases'
import type { ProjectSession } from '../projects/engines'
import { quoteLiteral } from '../projects/jail'
import type { MemberRun } from '../projects/member-sql'
import { runJailedText } from '../projects/member-sql'
import { MigrationRecorder } from '../projects/migration-record'
import { isPgError } from '../projects/run-query'
import { schemaMayHaveChanged } from '../projects/schema-epoch'
import { projectKind, projectRoleNames } from '../projects/targets'
import { CsvRecords } from './csv-records'

/**
 * A CSV import into a project table, all or nothing, streamed:
 * 1. in one transaction, the member (the jail) makes a temporary staging table of text columns, one
 *    per field, and lets the session's user add to it;
 * 2. the body goes into it by COPY (the one statement the jail cannot hold; its target is that
 *    staging table, which no member code can reach), chunk by chunk as it arrives, so the process
 *    holds a chunk, never the file;
 * 3. the member's INSERT … SELECT casts the kept fields to the target's column types: row level
 *    security, triggers, constraints and privileges decide as for any insert of theirs.
 * A record COPY refuses is named by its line from COPY's own context; a row the INSERT refuses is
 * found by halving the staged rows under a savepoint (about twice the insert's work, on the error
 * path only). Either way the transaction is rolled back: nothing is written.
 */

/** A COPY chunk for PGlite (its COPY reads one blob per statement); a server takes one stream. */
export const IMPORT_CHUNK_BYTES = 8 * 1024 * 1024
/** An import may run this long (a plan's statement timeout is for one query, not a file). */
export const IMPORT_TIMEOUT_MS = 30 * 60_000
const STAGING = 'pg_temp.__table_import'
const SAVEPOINT = '__table_import'

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; error: ImportError }

type Column = { name: string; type: string; generated: boolean; identityAlways: boolean }

class ImportRefused extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
    readonly code: string | null = null,
    readonly detail: string | null = null
  ) {
    super(message)
  }
}

const qualified = (schema: string, table: string) => `${quoteIdent(schema)}.${quoteIdent(table)}`

/**
 * The file's line COPY stopped at, from its context (`COPY __table_import, line 12, column c2: …`).
 * COPY counts physical lines of what it was given (a quoted line break counts too), so its line is
 * counted from the first line of the chunk it failed in (`chunkRecord` records came before it).
 */
function copyLine(error: { where?: string; chunkRecord?: number }, records: CsvRecords): number | null {
  const match = /COPY __table_import, line (\d+)/.exec(error.where ?? '')
  return match ? records.lineOf((error.chunkRecord ?? 0) + 1) + Number(match[1]) - 1 : null
}

/** Errors a row's values cause (data exceptions, integrity, a trigger's RAISE), worth finding the row of. */
const ROW_ERROR = /^(22|23|P0)/

async function checkedType(session: ProjectSession, run: MemberRun, type: string): Promise<string> {
  let rows: Record<string, unknown>[] = []
  try {
    rows = (await runJailedText(session, run, 'select pg_catalog.format_type(pg_catalog.to_regtype($1), null) as type', [type])).rows
  } catch {
    rows = []
  }
  const name = rows[0]?.type
  if (typeof name !== 'string' || name === '-') throw new ImportRefused(`type "${type}" does not exist`, null, '42704')
  return name
}

async function targetColumns(session: ProjectSession, run: MemberRun, schema: string, table: string): Promise<Column[]> {
  const { rows } = await runJailedText(
    session,
    run,
    `select a.attname::pg_catalog.text as name, pg_catalog.format_type(a.atttypid, null) as type, a.attgenerated <> '' as generated, a.attidentity = 'a' as identity_always
       from pg_catalog.pg_attribute a
      where a.attrelid = pg_catalog.to_regclass($1) and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
    [qualified(schema, table)]
  )
  return rows.map((r) => ({ name: r.name as string, type: r.type as string, generated: r.generated === true, identityAlways: r.identity_always === true }))
}

/** Runs the import; the body is read as the COPY takes it. */
export async function importTable(
  ref: string,
  options: ImportOptions,
  body: AsyncIterable<Uint8Array>,
  context: { createdBy: string | null; signal: AbortSignal }
): Promise<ImportOutcome> {
  const roles = projectRoleNames(ref)
  const run: MemberRun = { query: '', single: true, role: 'owner', roles, singleTenant: projectKind(ref) === 'pglite' }
  const records = new CsvRecords({ header: options.header, chunkBytes: IMPORT_CHUNK_BYTES })
  try {
    const result = await withProjectSession(
      ref,
      async (session) => {
        await session.simple('begin')
        let migration: string | null = null
        if (options.create) {
          const columns: string[] = []
          for (const column of options.create.columns) {
            const type = await checkedType(session, run, column.type)
            columns.push(`${quoteIdent(column.name)} ${type}${options.create.primaryKey === column.name ? ' primary key' : ''}`)
          }
          if (options.create.primaryKey !== null && !options.create.columns.some((c) => c.name === options.create!.primaryKey)) {
            throw new ImportRefused(`the primary key "${options.create.primaryKey}" is not one of the new table's columns`)
          }
          const createSql = `create table ${qualified(options.schema, options.table)} (\n  ${columns.join(',\n  ')}\n)`
          await runJailedText(session, run, createSql)
          const recorder = new MigrationRecorder({ name: `import_${options.table}`, createdBy: context.createdBy }, roles)
          recorder.note(createSql)
          await recorder.flush((text, params) => runJailedText(session, run, text, params))
          migration = recorder.versions[0] ?? null
        }
        const columns = await targetColumns(session, run, options.schema, options.table)
        if (columns.length === 0) throw new ImportRefused(`relation "${options.schema}.${options.table}" does not exist`, null, '42P01')
        const kept = options.columns.flatMap((name, i) => (name === null ? [] : [{ name, field: i + 1 }]))
        const mapped = kept.map((k) => {
          const column = columns.find((c) => c.name === k.name)
          if (!column) throw new ImportRefused(`column "${k.name}" of relation "${options.schema}.${options.table}" does not exist`, null, '42703')
          if (column.generated) throw new ImportRefused(`column "${k.name}" is generated: it cannot be imported into`, null, '428C9')
          return { ...k, column }
        })

        const fields = options.columns.map((_, i) => `c${i + 1}`)
        await runJailedText(session, run, `create temp table __table_import (n bigint generated always as identity, ${fields.map((f) => `${f} text`).join(', ')}) on commit drop`)
        // The session's user (a server's dashboard role) writes the staged records; nothing else may.
        await runJailedText(
          session,
          run,
          `do $g$ begin
             execute pg_catalog.format('grant insert on table ${STAGING} to %I', session_user);
             execute pg_catalog.format('grant usage on sequence %s to %I', pg_catalog.pg_get_serial_sequence('${STAGING}', 'n'), session_user);
           end $g$`
        )
        let staged: number
        try {
          staged = await session.copyIn(`${STAGING} (${fields.join(', ')})`, `format csv, delimiter ${quoteLiteral(options.delimiter)}, encoding 'UTF8'`, records.chunks(body))
        } catch (error) {
          if (!isPgError(error)) throw error
          const line = copyLine(error as { where?: string; chunkRecord?: number }, records)
          throw new ImportRefused(error.message, line, error.code, error.detail ?? null)
        }

        const overriding = mapped.some((m) => m.column.identityAlways) ? ' overriding system value' : ''
        const insert = (range: boolean) =>
          `insert into ${qualified(options.schema, options.table)} (${mapped.map((m) => quoteIdent(m.column.name)).join(', ')})${overriding}
           select ${mapped.map((m) => `s.c${m.field}::${m.column.type}`).join(', ')} from ${STAGING} s${range ? ' where s.n between $1 and $2' : ''}`
        let rows = 0
        if (staged > 0) {
          await session.simple(`savepoint ${SAVEPOINT}`)
          try {
            rows = (await runJailedText(session, run, insert(false))).rowCount ?? staged
          } catch (error) {
            if (!isPgError(error)) throw error
            await session.simple(`rollback to savepoint ${SAVEPOINT}`)
            if (!ROW_ERROR.test(error.code)) throw new ImportRefused(error.message, null, error.code, error.detail ?? null)
            // Halve the staged rows until the first one the insert refuses is found.
            let lo = 1
            let hi = staged
            while (lo < hi) {
              const mid = Math.floor((lo + hi) / 2)
              let failed = false
              try {
                await runJailedText(session, run, insert(true), [String(lo), String(mid)])
              } catch (probe) {
                if (!isPgError(probe)) throw probe
                failed = true
              }
              await session.simple(`rollback to savepoint ${SAVEPOINT}`)
              if (failed) hi = mid
              else lo = mid + 1
            }
            let refused = error
            try {
              await runJailedText(session, run, insert(true), [String(lo), String(lo)])
            } catch (one) {
              if (isPgError(one)) refused = one
            }
            throw new ImportRefused(refused.message, records.lineOf(lo), refused.code, refused.detail ?? null)
          }
          await session.simple(`release savepoint ${SAVEPOINT}`)
        }
        const { rows: ids } = await runJailedText(session, run, 'select pg_catalog.to_regclass($1)::pg_catalog.oid::pg_catalog.int8 as id', [qualified(options.schema, options.table)])
        await session.commitAndReset()
        return { rows, table: { id: Number(ids[0]?.id), schema: options.schema, name: options.table }, created: Boolean(options.create), migration }
      },
      { signal: context.signal, timeoutMs: IMPORT_TIMEOUT_MS }
    )
    if (options.create) schemaMayHaveChanged(ref)
    return { ok: true, result }
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, error: { message: error.message, code: error.code, line: error.line, detail: error.detail } }
    if (isPgError(error)) return { ok: false, error: { message: error.message, code: error.code, line: null, detail: error.detail ?? null } }
    throw error
  }
}
