import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { tableEditorKeys } from './keys'
import { defineQuery } from '@/data/query'

type TablesVariables = ProjectSqlVariables & { schema: string | undefined }

/** One entry of the table list. */
export type TableListItem = { id: number; schema: string; name: string; kind: string; comment: string | null }

const TABLES_SQL = `select c.oid::int8 as id, n.nspname as schema, c.relname as name, c.relkind::text as kind,
  pg_catalog.obj_description(c.oid, 'pg_class') as comment
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and not (n.nspname = any($2::text::text[]))
  and c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
order by c.relname`

/** Tables, views and foreign tables of one schema (partitions are reached through their parent). */
export async function getTables({ projectRef, connectionString, schema }: TablesVariables, signal?: AbortSignal): Promise<TableListItem[]> {
  if (!schema) throw new Error('Schema is required')
  const { rows } = await executeSql<TableListItem>(
    { projectRef, connectionString, sql: TABLES_SQL, parameters: [schema, postgresArrayText(HIDDEN_SCHEMAS)] },
    signal
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

export const { options: tablesQueryOptions, use: useTablesQuery } = defineQuery((vars: TablesVariables) => tableEditorKeys.tables(vars.projectRef, vars.schema), getTables, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef && vars.schema),
})
