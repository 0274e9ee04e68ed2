/**
 * The functions of a schema the project API exposes as `rpc` (issue 12, API docs): plain functions
 * (not aggregates, procedures or trigger functions) that no extension owns, with the arguments a
 * call passes by name.
 */

/** `$1`: the schema. proargmodes: i in, o out, b inout, v variadic, t table column. */
export const API_FUNCTIONS_SQL = `select p.oid::int8 as id, p.proname::text as name,
  pg_catalog.pg_get_function_arguments(p.oid) as arguments,
  pg_catalog.pg_get_function_result(p.oid) as result,
  p.proretset as returns_set,
  coalesce((select json_agg(json_build_object('name', a.name, 'type', pg_catalog.format_type(a.type, null)) order by a.ord)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]), coalesce(p.proargnames, array[]::text[]), coalesce(p.proargmodes, array[]::"char"[]))
      with ordinality as a(type, name, mode, ord)
    where coalesce(a.mode, 'i') in ('i', 'b', 'v')), '[]'::json) as args,
  p.pronargdefaults::int as default_count,
  pg_catalog.obj_description(p.oid, 'pg_proc') as comment
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where n.nspname = $1 and p.prokind = 'f'
  and p.prorettype <> 'pg_catalog.trigger'::pg_catalog.regtype
  and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e')
order by p.proname, p.oid`

export type ApiFunctionArgument = { name: string; type: string; hasDefault: boolean }

export type ApiFunction = {
  id: number
  name: string
  /** As Postgres prints them, e.g. `a integer, b text DEFAULT 'x'`. */
  arguments: string
  result: string
  returnsSet: boolean
  /** The arguments a call passes (in, inout, variadic), in order. */
  args: ApiFunctionArgument[]
  comment: string | null
}

type ArgJson = { name: string | null; type: string }

/** Rows of API_FUNCTIONS_SQL (json columns may arrive as text). */
export function parseApiFunctions(rows: readonly Record<string, unknown>[]): ApiFunction[] {
  return rows.map((row) => {
    const args = ((typeof row.args === 'string' ? JSON.parse(row.args) : row.args) as ArgJson[] | null) ?? []
    // The defaults belong to the last input arguments.
    const firstDefault = args.length - Number(row.default_count ?? 0)
    return {
      id: Number(row.id),
      name: String(row.name),
      arguments: String(row.arguments ?? ''),
      result: String(row.result ?? ''),
      returnsSet: Boolean(row.returns_set),
      args: args.map((a, i) => ({ name: a.name || `arg${i + 1}`, type: a.type, hasDefault: i >= firstDefault })),
      comment: (row.comment as string | null) ?? null,
    }
  })
}
