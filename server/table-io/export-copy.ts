import type { RowSort, SqlWithParameters } from '@/lib/sql/table-rows'
import { quoteIdent } from '@/lib/sql/identifiers'
import type { ExportFormat } from '@/lib/api-types/table-io'
import type { ProjectSession } from '../projects/engines'
import { jailedCopyOut, runJailedText, type MemberRun } from '../projects/member-sql'

/**
 * A CSV export as COPY writes it (export.ts): a COPY of the jail's call (member-sql.ts
 * jailedCopyOut), so Postgres formats each value itself, as fast as a COPY of the table, and reads
 * only what the member may read. A server streams one COPY. PGlite's COPY writes its whole file
 * before it answers, so there it is one COPY per EXPORT_COPY_ROWS rows in the primary key's order,
 * each starting after the last key of the one before: a keyset, not LIMIT/OFFSET pages, read in
 * one repeatable-read transaction (one snapshot), and an export holds one chunk, not the table.
 */

export const EXPORT_COPY_ROWS = 20_000
const OPTIONS = 'format csv'

export type CopyPlan = { table: string; where: SqlWithParameters; order: string; primaryKey: string[] }

/** Whether COPY can write this export: CSV, and on PGlite a key to cut it by (no sort of the member's). */
export function copiesCsv(session: ProjectSession, format: ExportFormat, sorts: readonly RowSort[], primaryKey: readonly string[]): boolean {
  return format === 'csv' && (!session.copyOutWhole || (sorts.length === 0 && primaryKey.length > 0))
}

/** The rows as CSV (no header), in COPY's chunks; inside the caller's transaction. */
export async function* copyCsv(session: ProjectSession, run: MemberRun, plan: CopyPlan): AsyncGenerator<Uint8Array> {
  if (!session.copyOutWhole) {
    yield* await jailedCopyOut(session, run, `select * from ${plan.table} ${plan.where.sql} ${plan.order}`, plan.where.parameters, OPTIONS)
    return
  }
  const keys = `(${plan.primaryKey.map(quoteIdent).join(', ')})`
  /** `where` and `(key) <compare> (value)`, the value's parameters after `where`'s. */
  const narrowed = (where: SqlWithParameters, compare: '>' | '<=', value: string[]): SqlWithParameters => ({
    sql: `${where.sql ? `${where.sql} AND` : 'WHERE'} ${keys} ${compare} (${value.map((_, i) => `$${where.parameters.length + i + 1}`).join(', ')})`,
    parameters: [...where.parameters, ...value],
  })
  let last: string[] | null = null
  for (;;) {
    const after = last === null ? plan.where : narrowed(plan.where, '>', last)
    // The last key of this chunk; none: the rest is the last chunk.
    const { rows } = await runJailedText(
      session,
      run,
      `select ${plan.primaryKey.map((k, i) => `${quoteIdent(k)}::pg_catalog.text as k${i}`).join(', ')} from ${plan.table} ${after.sql} ${plan.order} offset ${EXPORT_COPY_ROWS - 1} limit 1`,
      after.parameters
    )
    const upTo = rows[0] ? plan.primaryKey.map((_, i) => rows[0][`k${i}`] as string) : null
    const chunk = upTo ? narrowed(after, '<=', upTo) : after
    yield* await jailedCopyOut(session, run, `select * from ${plan.table} ${chunk.sql} ${plan.order}`, chunk.parameters, OPTIONS)
    if (!upTo) return
    last = upTo
  }
}
