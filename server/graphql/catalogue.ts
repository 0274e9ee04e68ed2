import { ApiError } from '../http/errors'
import { runProjectQuery } from '../projects/run-query'

/** The `public` schema as the GraphQL schema is generated from it. */
export type CatalogueColumn = {
  relation: number
  name: string
  /** format_type(oid, null): a type name Postgres itself can read back in a cast. */
  typeSql: string
  /** pg_type.typname of the type, or of the element for an array. */
  base: string
  isArray: boolean
  isEnum: boolean
  notNull: boolean
  hasDefault: boolean
  /** Generated or GENERATED ALWAYS identity: never written. */
  generated: boolean
  comment: string | null
}

export type CatalogueRelation = { oid: number; name: string; kind: 'r' | 'p' | 'v' | 'm' | 'f'; comment: string | null }

export type CatalogueKey = {
  type: 'p' | 'f'
  name: string
  relation: number
  columns: string[]
  foreignRelation: number | null
  foreignColumns: string[] | null
}

export type Catalogue = { relations: CatalogueRelation[]; columns: CatalogueColumn[]; keys: CatalogueKey[] }

const RELKINDS = `('r', 'p', 'v', 'm', 'f')`

/**
 * One cheap row that changes whenever the public schema's tables, columns, constraints or
 * comments change: the row versions (xmin) of their catalogue rows, with the names, so that
 * another database behind the same ref (a wiped self-hosted one) cannot look the same.
 */
export const FINGERPRINT_SQL = `
with ns as (select oid from pg_catalog.pg_namespace where nspname = 'public'),
rels as (select c.oid, c.xmin, c.relname from pg_catalog.pg_class c where c.relnamespace in (select oid from ns) and c.relkind in ${RELKINDS})
select md5(concat_ws('|',
  (select string_agg(oid::text || '.' || xmin::text || '.' || relname, ',' order by oid) from rels),
  (select string_agg(a.attrelid::text || '.' || a.attnum::text || '.' || a.xmin::text || '.' || a.attname || '.' || a.atttypid::text, ',' order by a.attrelid, a.attnum)
     from pg_catalog.pg_attribute a where a.attrelid in (select oid from rels) and a.attnum > 0),
  (select string_agg(k.oid::text || '.' || k.xmin::text, ',' order by k.oid) from pg_catalog.pg_constraint k where k.connamespace in (select oid from ns)),
  (select string_agg(d.objoid::text || '.' || d.objsubid::text || '.' || d.xmin::text, ',' order by d.objoid, d.objsubid)
     from pg_catalog.pg_description d where d.classoid = 'pg_catalog.pg_class'::regclass and d.objoid in (select oid from rels)),
  (select string_agg(t.oid::text || '.' || t.xmin::text, ',' order by t.oid) from pg_catalog.pg_type t where t.typnamespace in (select oid from ns) and t.typtype = 'e')
)) as fingerprint`

export const CATALOGUE_SQL = `
with ns as (select oid from pg_catalog.pg_namespace where nspname = 'public'),
rels as (select c.* from pg_catalog.pg_class c where c.relnamespace in (select oid from ns) and c.relkind in ${RELKINDS})
select json_build_object(
  'relations', coalesce((select json_agg(json_build_object(
      'oid', r.oid::int, 'name', r.relname::text, 'kind', r.relkind::text,
      'comment', pg_catalog.obj_description(r.oid, 'pg_class')) order by r.relname) from rels r), '[]'),
  'columns', coalesce((select json_agg(json_build_object(
      'relation', a.attrelid::int, 'name', a.attname::text,
      'typeSql', pg_catalog.format_type(a.atttypid, null),
      'base', coalesce(et.typname, t.typname)::text,
      'isArray', et.oid is not null,
      'isEnum', coalesce(et.typtype, t.typtype) = 'e',
      'notNull', a.attnotnull,
      'hasDefault', a.atthasdef or a.attidentity <> '',
      'generated', a.attgenerated <> '' or a.attidentity = 'a',
      'comment', pg_catalog.col_description(a.attrelid, a.attnum)) order by a.attrelid, a.attnum)
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_type t on t.oid = a.atttypid
    left join pg_catalog.pg_type et on et.oid = t.typelem and t.typcategory = 'A'
    where a.attrelid in (select oid from rels) and a.attnum > 0 and not a.attisdropped), '[]'),
  'keys', coalesce((select json_agg(json_build_object(
      'type', k.contype::text, 'name', k.conname::text, 'relation', k.conrelid::int,
      'columns', (select json_agg(a.attname::text order by u.ord) from unnest(k.conkey) with ordinality u(num, ord)
                  join pg_catalog.pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.num),
      'foreignRelation', case when k.contype = 'f' then k.confrelid::int end,
      'foreignColumns', case when k.contype = 'f' then (select json_agg(a.attname::text order by u.ord) from unnest(k.confkey) with ordinality u(num, ord)
                  join pg_catalog.pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.num) end) order by k.conname)
    from pg_catalog.pg_constraint k where k.conrelid in (select oid from rels) and k.contype in ('p', 'f')), '[]')
) as catalogue`

async function readOne<T>(ref: string, query: string, column: string, signal?: AbortSignal): Promise<T> {
  const outcome = await runProjectQuery(ref, { query, readOnly: true, signal })
  if (!outcome.ok) throw new ApiError(503, `Could not read the schema of project ${ref}: ${outcome.error.message}`)
  // The drivers parse json values themselves.
  return outcome.result.rows[0]?.[column] as T
}

/** The fingerprint of the project's public schema (see FINGERPRINT_SQL). */
export function readFingerprint(ref: string, signal?: AbortSignal): Promise<string> {
  return readOne<string | null>(ref, FINGERPRINT_SQL, 'fingerprint', signal).then((v) => v ?? '')
}

/** The project's public schema: tables, views, columns, primary and foreign keys. */
export function readCatalogue(ref: string): Promise<Catalogue> {
  return readOne<Catalogue>(ref, CATALOGUE_SQL, 'catalogue')
}
