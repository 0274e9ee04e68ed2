import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import { SCHEMA_GRAPH_SQL, schemaGraph, type SchemaGraph, type SchemaGraphRow } from '@/lib/database/schema-graph'
import { databaseKeys } from './keys'
import { defineQuery } from '@/data/query'

type SchemaGraphVariables = ProjectSqlVariables & { schema: string | undefined }

/** The tables, views and foreign keys of one schema, as the schema visualizer draws them. */
export async function getSchemaGraph({ projectRef, connectionString, schema }: SchemaGraphVariables, signal?: AbortSignal): Promise<SchemaGraph> {
  if (!schema) throw new Error('Schema is required')
  const { rows } = await executeSql<SchemaGraphRow>({ projectRef, connectionString, sql: SCHEMA_GRAPH_SQL, parameters: [schema] }, signal)
  return schemaGraph(rows)
}

export const { options: schemaGraphQueryOptions, use: useSchemaGraphQuery } = defineQuery((vars: SchemaGraphVariables) => databaseKeys.schemaGraph(vars.projectRef, vars.schema), getSchemaGraph, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef && vars.schema),
})
