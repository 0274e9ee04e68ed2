import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { HIDDEN_SCHEMAS, isExcludedSchema } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { tableEditorKeys } from './keys'
import { defineQuery } from '@/data/query'

export type Schema = { name: string }

// Temporary and toast-of-temporary schemas belong to sessions, not to the user's model.
const SCHEMAS_SQL = `select nspname as name from pg_catalog.pg_namespace
where not (nspname = any($1::text::text[])) and nspname !~ '^pg_(toast_)?temp_'
order by nspname = 'public' desc, nspname`

/** The project's schemas, without the excluded ones (spec §5), `public` first. */
export async function getSchemas({ projectRef, connectionString }: ProjectSqlVariables, signal?: AbortSignal): Promise<Schema[]> {
  const { rows } = await executeSql<Schema>({ projectRef, connectionString, sql: SCHEMAS_SQL, parameters: [postgresArrayText(HIDDEN_SCHEMAS)] }, signal)
  return rows.filter((row) => !isExcludedSchema(row.name))
}

export const { options: schemasQueryOptions, use: useSchemasQuery } = defineQuery((vars: ProjectSqlVariables) => tableEditorKeys.schemas(vars.projectRef), getSchemas, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
