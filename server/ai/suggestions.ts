/** Quick prompts for a new chat (spec §3 `suggestions`), named after the project's own tables. */
import type { AiStatus } from '@/lib/api-types/ai'
import type { ProjectRow } from '../access'
import { runProjectQuery } from '../projects/run-query'
import { SERVING } from '../projects/status'

const FIRST_TABLES_SQL = `select n.nspname as schema, c.relname as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p') and n.nspname = 'public'
 order by c.relname limit 2`

const GENERAL = ['Write a query that finds duplicate rows in a table', 'What does an index do, and when should I add one?']

/** Prompts about the first tables of `public` when the schema may be read, general ones otherwise. */
export async function projectSuggestions(project: ProjectRow, schemaAllowed: boolean): Promise<AiStatus['suggestions']> {
  const title = 'Try asking'
  if (!schemaAllowed || !SERVING.has(project.status)) return { title, prompts: GENERAL }
  const outcome = await runProjectQuery(project.ref, { query: FIRST_TABLES_SQL, readOnly: true, logged: false }).catch(() => null)
  const tables = outcome?.ok ? (outcome.result.rows as { schema: string; name: string }[]) : []
  if (!tables.length) return { title, prompts: ['Help me design a table for my app', ...GENERAL] }
  const [first, second] = tables
  return {
    title,
    prompts: [
      `How many rows are in ${first.schema}.${first.name}?`,
      `Show me the first rows of ${first.schema}.${first.name}`,
      second ? `How are ${first.name} and ${second.name} related?` : `Which indexes does ${first.schema}.${first.name} have?`,
    ],
  }
}
