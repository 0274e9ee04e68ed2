/**
 * The body of an answer, built by Postgres around a statement's rows (`inner`): a JSON array, or
 * CSV for `Accept: text/csv`. Either way one row comes back: the text (`body`), the number of rows
 * (`n`) and, when counted, the rows the filters match (`total`).
 *
 * CSV as PostgREST answers it: a header line of the column names, then a line per row, lines
 * joined by `\n`, no rows at all an empty body. Values are Postgres's own text of them (`t`,
 * `{a,b}`, `2024-01-01 00:00:00+00`), NULL an empty field and the empty string `""`. Each line is
 * the row's record text (`(1,"a, b",)`) without its parentheses: record text already quotes a
 * field holding a comma, quote, newline or space and doubles its quotes, as RFC 4180 asks; it
 * doubles backslashes too, which RFC 4180 does not, so they are undone (PostgREST leaves them).
 */
import type { ResponseShape } from '@/lib/rest'
import type { RawResult } from '../projects/engines'

/** The rows of `inner` as a JSON array. */
export const asJson = (inner: string, total = 'null') =>
  `select coalesce(pg_catalog.json_agg(_r), '[]')::pg_catalog.text as body, pg_catalog.count(*)::pg_catalog.int8 as n,
  ${total}::pg_catalog.int8 as total from (${inner}) as _r`

/** A header field: quoted (its quotes doubled) when it holds a comma, a quote or a line break. */
const CSV_NAME = `case when _k ~ '[",\\n\\r]' then '"' || pg_catalog.replace(_k, '"', '""') || '"' else _k end`

/** A row's record text `(…)` as a CSV line: the parentheses dropped, doubled backslashes made single again. */
const CSV_LINE = `pg_catalog.replace(pg_catalog.substr(_q._r::pg_catalog.text, 2, pg_catalog.length(_q._r::pg_catalog.text) - 2),
  pg_catalog.repeat(pg_catalog.chr(92), 2), pg_catalog.chr(92))`

/** The rows of `inner` as CSV; the header names the columns of the first row (row_to_json of that row alone). */
export const asCsv = (inner: string, total = 'null') =>
  `select coalesce((select pg_catalog.string_agg(${CSV_NAME}, ',')
      from pg_catalog.json_object_keys((pg_catalog.array_agg(pg_catalog.row_to_json(_q._r)) filter (where _q._i = 1))[1]) as _k)
    || pg_catalog.chr(10) || pg_catalog.string_agg(${CSV_LINE}, pg_catalog.chr(10) order by _q._i), '') as body,
  pg_catalog.count(*)::pg_catalog.int8 as n, ${total}::pg_catalog.int8 as total
  from (select _r, pg_catalog.row_number() over () as _i from (${inner}) as _r) as _q`

/** The body the request's `Accept` asks for: CSV, else JSON (one object is picked from the array afterwards). */
export const asBody = (shape: ResponseShape, inner: string, total = 'null') => (shape === 'csv' ? asCsv(inner, total) : asJson(inner, total))

/** The body, the number of rows and the total (null unless counted), from the result of a statement built here. */
export function readRows(result: RawResult): { body: string; n: number; total: number | null } {
  const row = result.rows[0]
  if (!row || !('body' in row)) return { body: '[]', n: result.rowCount ?? 0, total: null }
  return { body: String(row.body), n: Number(row.n), total: row.total === null || row.total === undefined ? null : Number(row.total) }
}
