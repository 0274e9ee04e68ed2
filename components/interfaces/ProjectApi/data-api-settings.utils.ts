import type { SettingsRules } from '@/hooks/use-settings-form'
import type { PostgrestConfig, UpdatePostgrestConfigBody } from '@/lib/api-types/postgrest-config'
import { joinSchemaList, maxRowsProblem, schemaListProblem, splitSchemaList, TX_END_VALUES, type TxEnd } from '@/lib/rest/exposed-schemas'
import { quoteIdentifier } from '@/lib/sql/identifiers'

/** The Data API settings form, as typed. */
export type DataApiValues = { schemas: string; maxRows: string; aggregates: 'true' | 'false'; txEnd: string }

export const dataApiValues = (config: PostgrestConfig): DataApiValues => ({
  schemas: config.db_schema, maxRows: String(config.max_rows),
  aggregates: config.db_aggregates_enabled ? 'true' : 'false', txEnd: config.db_tx_end,
})

/** The choices of "Transaction end" (PostgREST's db-tx-end), explained. */
export const TX_END_OPTIONS: { value: TxEnd; label: string }[] = [
  { value: 'commit', label: 'Commit' },
  { value: 'commit-allow-override', label: 'Commit, a request may ask to roll back (Prefer: tx=rollback)' },
  { value: 'rollback', label: 'Roll back (nothing a request writes is kept)' },
  { value: 'rollback-allow-override', label: 'Roll back, a request may ask to commit (Prefer: tx=commit)' },
]

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** What the route would refuse, by field, in the words the form shows (the same rules, lib/rest/exposed-schemas.ts). */
export function dataApiErrors(values: DataApiValues): { schemas?: string; maxRows?: string; txEnd?: string } {
  const errors: { schemas?: string; maxRows?: string; txEnd?: string } = {}
  if (!(TX_END_VALUES as readonly string[]).includes(values.txEnd)) errors.txEnd = 'Choose how a transaction ends'
  const schemas = schemaListProblem(splitSchemaList(values.schemas))
  if (schemas) errors.schemas = capitalized(schemas)
  const text = values.maxRows.trim()
  const rows = text === '' ? 'must be a whole number' : maxRowsProblem(Number(text))
  if (rows) errors.maxRows = `Max rows ${rows}`
  return errors
}

/** Only what differs from `config` (the PATCH body); the schema list is compared name by name. */
export function changedDataApi(config: PostgrestConfig, values: DataApiValues): UpdatePostgrestConfigBody {
  const body: UpdatePostgrestConfigBody = {}
  const schemas = joinSchemaList(splitSchemaList(values.schemas))
  if (schemas !== joinSchemaList(splitSchemaList(config.db_schema))) body.db_schema = schemas
  if (Number(values.maxRows.trim()) !== config.max_rows) body.max_rows = Number(values.maxRows.trim())
  if ((values.aggregates === 'true') !== config.db_aggregates_enabled) body.db_aggregates_enabled = values.aggregates === 'true'
  if (values.txEnd !== config.db_tx_end) body.db_tx_end = values.txEnd as TxEnd
  return body
}

/** The form's rules for `useSettingsForm`. */
export const DATA_API_RULES: SettingsRules<PostgrestConfig, DataApiValues, UpdatePostgrestConfigBody> = {
  toValues: dataApiValues,
  errorsOf: dataApiErrors,
  changesOf: changedDataApi,
}

/** The project API's roles, which need USAGE on an exposed schema. */
const API_ROLES = 'anon, authenticated, service_role'

/**
 * What the project's owner runs so the API's roles may use the listed schemas other than
 * `public` (which has it already); row level security still decides which rows. Null when none.
 */
export function grantSql(schemasText: string): string | null {
  const schemas = splitSchemaList(schemasText).filter((name) => name !== 'public')
  if (schemas.length === 0) return null
  return schemas
    .map((name) => {
      const schema = quoteIdentifier(name)
      return [
        `grant usage on schema ${schema} to ${API_ROLES};`,
        `grant select, insert, update, delete on all tables in schema ${schema} to ${API_ROLES};`,
        `grant usage, select on all sequences in schema ${schema} to ${API_ROLES};`,
        `grant execute on all functions in schema ${schema} to ${API_ROLES};`,
      ].join('\n')
    })
    .join('\n\n')
}
