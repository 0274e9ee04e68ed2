/**
 * `supabase-js` snippets for the project's API (issue 12, API docs side panel): how to connect,
 * and per table or view select / insert / update / delete, per function `rpc`, with the project's
 * URL and anon key filled in and names and sample values that match the columns. Pure.
 */
import { primaryKeyColumns, type CatalogueTable } from '@/lib/sql/table-description'
import type { ApiFunction } from './functions'

/** A JavaScript string literal in single quotes. */
export function jsString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`
}

/** An object key: bare when it is a plain identifier, else quoted. */
const jsKey = (name: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : jsString(name))

/** A name in a `select` string: double-quoted unless it is a plain identifier. */
const selectName = (name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `"${name.replaceAll('"', '\\"')}"`)

/** The few lines that connect `supabase-js` to the project, with its URL and anon key filled in. */
export function clientSetupSnippet(url: string, anonKey: string): string {
  return [`import { createClient } from '@supabase/supabase-js'`, `const supabase = createClient(${jsString(url)}, ${jsString(anonKey)})`].join('\n')
}

/** A value of a Postgres type as it would be written in JavaScript. */
export function sampleValue(type: string): string {
  const t = type.toLowerCase()
  if (t.endsWith('[]')) return `[${sampleValue(t.slice(0, -2))}]`
  if (/^(smallint|integer|bigint|int[248]?|serial|bigserial)$/.test(t)) return '1'
  if (/^(numeric|decimal|real|double precision|float[48]?)/.test(t)) return '1.5'
  if (t === 'boolean' || t === 'bool') return 'true'
  if (t === 'uuid') return `'00000000-0000-0000-0000-000000000000'`
  if (t === 'json' || t === 'jsonb') return '{}'
  if (t.startsWith('timestamp')) return `new Date().toISOString()`
  if (t === 'date') return `'2025-01-01'`
  if (t.startsWith('time')) return `'12:00:00'`
  return `'some text'`
}

/** The columns a table's docs list. */
export type ApiColumn = { name: string; type: string; required: boolean; writable: boolean; hasDefault: boolean }

export function apiColumns(table: CatalogueTable): ApiColumn[] {
  return table.columns.map((c) => {
    const writable = c.generated === null && c.identity !== 'a'
    const hasDefault = c.default_value !== null || c.identity !== null
    return { name: c.name, type: c.data_type, writable, hasDefault, required: writable && !c.is_nullable && !hasDefault }
  })
}

/** Whether the API lets you write to it: tables yes; views and materialized views are read here. */
export const isWritable = (table: Pick<CatalogueTable, 'kind'>) => table.kind === 'r' || table.kind === 'p' || table.kind === 'f'

/** The `select` string that embeds the tables this one references in the same schema (`*, authors(*)`). */
export function embedSelect(table: CatalogueTable): string | null {
  const keys = table.constraints.filter((k) => k.type === 'f' && k.target_schema === table.schema && k.target_table)
  if (keys.length === 0) return null
  const count = new Map<string, number>()
  for (const k of keys) count.set(k.target_table as string, (count.get(k.target_table as string) ?? 0) + 1)
  // Two keys to one table: name the key (`rel!fkey(*)`), as the API needs to pick one.
  const embeds = keys.map((k) => {
    const target = selectName(k.target_table as string)
    return (count.get(k.target_table as string) ?? 0) > 1 ? `${target}!${selectName(k.name)}(*)` : `${target}(*)`
  })
  return ['*', ...new Set(embeds)].join(', ')
}

/** The column a single row is found by: the first key column, else the first column. */
function keyColumn(table: CatalogueTable, columns: ApiColumn[]): ApiColumn | undefined {
  const key = primaryKeyColumns(table)[0]
  return columns.find((c) => c.name === key) ?? columns[0]
}

const object = (entries: ApiColumn[]) => (entries.length ? `{ ${entries.map((c) => `${jsKey(c.name)}: ${sampleValue(c.type)}`).join(', ')} }` : '{}')

const call = (lines: string[]) => ['const { data, error } = await supabase', ...lines.map((l) => `  ${l}`)].join('\n')

export type TableSnippet = { id: 'select' | 'filter' | 'embed' | 'insert' | 'update' | 'delete'; title: string; code: string }

/** The snippets for one table or view. */
export function tableSnippets(table: CatalogueTable): TableSnippet[] {
  const from = `.from(${jsString(table.name)})`
  const columns = apiColumns(table)
  const key = keyColumn(table, columns)
  const eq = key ? `.eq(${jsString(key.name)}, ${sampleValue(key.type)})` : null
  const snippets: TableSnippet[] = [{ id: 'select', title: 'Read all rows', code: call([from, `.select('*')`]) }]
  if (eq) {
    const listed = columns.slice(0, 3).map((c) => selectName(c.name)).join(', ')
    snippets.push({ id: 'filter', title: `Read rows where ${key?.name} matches`, code: call([from, `.select(${jsString(listed)})`, eq]) })
  }
  const embed = embedSelect(table)
  if (embed) snippets.push({ id: 'embed', title: 'Read rows with the rows they reference', code: call([from, `.select(${jsString(embed)})`]) })
  if (!isWritable(table)) return snippets

  const writable = columns.filter((c) => c.writable)
  const withoutDefault = writable.filter((c) => !c.hasDefault)
  const insert = withoutDefault.length ? withoutDefault : writable.slice(0, 1)
  snippets.push({ id: 'insert', title: 'Insert a row', code: call([from, `.insert([${object(insert)}])`, '.select()']) })
  const change = writable.find((c) => c.name !== key?.name) ?? writable[0]
  if (eq && change) snippets.push({ id: 'update', title: 'Update matching rows', code: call([from, `.update(${object([change])})`, eq, '.select()']) })
  if (eq) snippets.push({ id: 'delete', title: 'Delete matching rows', code: ['const { error } = await supabase', `  ${from}`, '  .delete()', `  ${eq}`].join('\n') })
  return snippets
}

/** `supabase.rpc(…)` for a function, its arguments by name (the ones with defaults may be left out). */
export function rpcSnippet(fn: Pick<ApiFunction, 'name' | 'args'>): string {
  const args = fn.args.length ? `, { ${fn.args.map((a) => `${jsKey(a.name)}: ${sampleValue(a.type)}`).join(', ')} }` : ''
  return `const { data, error } = await supabase.rpc(${jsString(fn.name)}${args})`
}
