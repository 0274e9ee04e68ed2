/**
 * The schema visualizer's catalogue read (/project/{ref}/database/schemas): the tables and views of
 * one schema with their columns and foreign keys, and the tables of other schemas those keys point
 * at, as nodes and edges. One read-only statement ($1: the schema's name), so a Read-only member
 * can run it. Pure: no I/O.
 */

const COLUMN_NAMES = (keys: string, rel: string) =>
  `(select json_agg(att.attname order by u.ord) from unnest(${keys}) with ordinality u(attnum, ord) join pg_catalog.pg_attribute att on att.attrelid = ${rel} and att.attnum = u.attnum)`

/**
 * One row per relation: those of the schema `$1` (tables, partitioned tables, views, materialized
 * views, foreign tables), then the relations of other schemas its foreign keys reference
 * (`external`, listing only the referenced columns).
 */
export const SCHEMA_GRAPH_SQL = `with rel as (
  select c.oid, n.nspname::text as schema, c.relname::text as name, c.relkind::text as kind, false as external
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
), fk as (
  select k.conname::text as name, k.conrelid, k.confrelid, k.conkey, k.confkey
  from pg_catalog.pg_constraint k where k.contype = 'f' and k.conrelid in (select oid from rel)
), node as (
  select * from rel
  union all
  select distinct c.oid, n.nspname::text, c.relname::text, c.relkind::text, true
  from fk join pg_catalog.pg_class c on c.oid = fk.confrelid join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.oid not in (select oid from rel)
)
select node.oid::int8 as id, node.schema, node.name, node.kind, node.external,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', pg_catalog.format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
      'primary', exists (select 1 from pg_catalog.pg_constraint p where p.conrelid = node.oid and p.contype = 'p' and a.attnum = any (p.conkey)),
      'unique', exists (select 1 from pg_catalog.pg_index i where i.indrelid = node.oid and i.indisunique and i.indnkeyatts = 1 and i.indkey[0] = a.attnum and i.indpred is null)
    ) order by a.attnum)
    from pg_catalog.pg_attribute a
    where a.attrelid = node.oid and a.attnum > 0 and not a.attisdropped
      and (not node.external or exists (select 1 from fk where fk.confrelid = node.oid and a.attnum = any (fk.confkey)))), '[]'::json) as columns,
  coalesce((select json_agg(json_build_object('name', fk.name, 'target_id', fk.confrelid::int8,
      'columns', ${COLUMN_NAMES('fk.conkey', 'fk.conrelid')}, 'target_columns', ${COLUMN_NAMES('fk.confkey', 'fk.confrelid')}) order by fk.name)
    from fk where fk.conrelid = node.oid), '[]'::json) as foreign_keys
from node order by node.external, node.schema, node.name`

export type SchemaGraphRow = {
  id: number | string
  schema: string
  name: string
  /** r table, p partitioned table, v view, m materialized view, f foreign table */
  kind: string
  external: boolean
  columns: { name: string; type: string; nullable: boolean; primary: boolean; unique: boolean }[]
  foreign_keys: { name: string; target_id: number | string; columns: string[]; target_columns: string[] }[]
}

export type GraphColumn = {
  name: string
  type: string
  nullable: boolean
  primary: boolean
  /** Unique on its own (a one-column unique constraint or index), the primary key aside. */
  unique: boolean
  /** Part of a foreign key of its table. */
  foreignKey: boolean
}

export type GraphTableKind = 'table' | 'partitioned table' | 'view' | 'materialized view' | 'foreign table'

export type GraphTable = {
  id: string
  schema: string
  name: string
  kind: GraphTableKind
  /** A table of another schema that a foreign key of this schema points at. */
  external: boolean
  columns: GraphColumn[]
}

/** One foreign key's column pair: from the referencing column to the referenced one. */
export type GraphEdge = {
  id: string
  constraint: string
  source: string
  sourceColumn: string
  target: string
  targetColumn: string
}

export type SchemaGraph = { tables: GraphTable[]; edges: GraphEdge[] }

const KINDS: Record<string, GraphTableKind> = { r: 'table', p: 'partitioned table', v: 'view', m: 'materialized view', f: 'foreign table' }

/** The rows of SCHEMA_GRAPH_SQL as tables and edges; a composite key is one edge per column pair. */
export function schemaGraph(rows: readonly SchemaGraphRow[]): SchemaGraph {
  const tables: GraphTable[] = []
  const edges: GraphEdge[] = []
  for (const row of rows) {
    const fkColumns = new Set(row.foreign_keys.flatMap((fk) => fk.columns))
    tables.push({
      id: String(row.id),
      schema: row.schema,
      name: row.name,
      kind: KINDS[row.kind] ?? 'table',
      external: row.external,
      columns: row.columns.map((c) => ({ name: c.name, type: c.type, nullable: c.nullable, primary: c.primary, unique: c.unique && !c.primary, foreignKey: fkColumns.has(c.name) })),
    })
    for (const fk of row.foreign_keys) {
      fk.columns.forEach((column, i) => {
        edges.push({ id: `e${edges.length}`, constraint: fk.name, source: String(row.id), sourceColumn: column, target: String(fk.target_id), targetColumn: fk.target_columns[i] })
      })
    }
  }
  return { tables, edges }
}

/** The key a table's remembered position is stored under: its qualified name, so a table dropped and created again keeps its place. */
export const tablePositionKey = (table: Pick<GraphTable, 'schema' | 'name'>) => JSON.stringify([table.schema, table.name])
