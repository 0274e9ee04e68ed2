import { executeSql, type ProjectSqlVariables } from '@/data/sql/execute-sql'
import { DEFAULT_STALE_TIME_MS } from '@/lib/constants'
import {
  describeTables,
  formatTableDescriptions,
  parseCatalogueRows,
  TABLE_CATALOGUE_SQL,
  tableCatalogueParameters,
  type CatalogueTable,
} from '@/lib/sql/table-description'
import { tableEditorKeys, type CatalogueSelection } from './keys'
import { defineQuery } from '@/data/query'

type TableCatalogueVariables = ProjectSqlVariables & { selection: CatalogueSelection }

/** Columns, constraints and indexes of the chosen tables, or of every table in some schemas. */
export async function getTableCatalogue({ projectRef, connectionString, selection }: TableCatalogueVariables, signal?: AbortSignal): Promise<CatalogueTable[]> {
  const { rows } = await executeSql({ projectRef, connectionString, sql: TABLE_CATALOGUE_SQL, parameters: tableCatalogueParameters(selection) }, signal)
  return parseCatalogueRows(rows)
}

/** The schema export text (spec §3 table descriptions with the §9 warning header) of a set of tables. */
export async function getTableDescriptionsText(vars: TableCatalogueVariables, signal?: AbortSignal): Promise<string> {
  return formatTableDescriptions(describeTables(await getTableCatalogue(vars, signal)))
}

export const { options: tableCatalogueQueryOptions, use: useTableCatalogueQuery } = defineQuery((vars: TableCatalogueVariables) => tableEditorKeys.catalogue(vars.projectRef, vars.selection), getTableCatalogue, {
  staleTime: DEFAULT_STALE_TIME_MS,
  ready: (vars) => Boolean(vars.projectRef),
})
