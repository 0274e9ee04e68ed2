/**
 * The tools the model may call, each run with the signed-in member's rights and never more: SQL
 * runs as the project's read-only role (a statement that writes is proposed to the user as a SQL
 * card, never run), logs are read as the logs page reads them. A tool is offered only when the
 * organization's opt-in lets its output leave the platform (spec §3 opt-in keys).
 */
import { tool, type ToolSet } from 'ai'
import { z } from 'zod'
import type { AiStreamEvent, AiTable } from '@/lib/api-types/ai'
import { OPT_IN_KEYS, type OptInKey } from '@/lib/catalogue/opt-in'
import { LOG_SOURCES } from '@/lib/catalogue/log-sources'
import { splitStatements } from '@/lib/sql/statements'
import {
  describeTables,
  formatTableDescriptions,
  parseCatalogueRows,
  postgresArrayText,
  TABLE_CATALOGUE_SQL,
  tableCatalogueParameters,
} from '@/lib/sql/table-description'
import type { OrganizationRow, ProjectRow } from '../access'
import type { Db } from '../db/types'
import { readProjectLogs } from '../logs/read-logs'
import { commandOf } from '../projects/member-sql-classify'
import { runProjectQuery } from '../projects/run-query'

/** Rows of a query the model sees at most. */
export const AI_SQL_ROW_CAP = 50
/** Characters of one tool result the model sees at most (the rest is cut, and it is told). */
export const AI_TOOL_RESULT_MAX_CHARS = 12_000
/** Tables one schema read may describe. */
const MAX_TABLES = 30
/** Log lines one search returns. */
const LOG_LINE_CAP = 30

/** Commands that read; anything else is proposed to the user instead of run. */
const READING = new Set(['SELECT', 'EXPLAIN', 'SHOW'])

const TABLE_IDS_SQL = `select c.oid::int as id
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p', 'v', 'm', 'f')
   and (n.nspname || '.' || c.relname = any($1::text::text[]) or (n.nspname = 'public' and c.relname = any($1::text::text[])))
 limit ${MAX_TABLES}`

export type ToolContext = {
  db: Db
  org: OrganizationRow
  project: ProjectRow
  selfHosted: boolean
  optIn: ReadonlySet<OptInKey>
  signal: AbortSignal
  /** Sends an event to the panel (tool lines, proposed snippets, tables read). */
  emit: (event: AiStreamEvent) => void
  newId: () => string
}

function capped(text: string): string {
  return text.length > AI_TOOL_RESULT_MAX_CHARS ? `${text.slice(0, AI_TOOL_RESULT_MAX_CHARS)}\n… (cut at ${AI_TOOL_RESULT_MAX_CHARS} characters)` : text
}

async function readQuery(ctx: ToolContext, query: string, parameters?: unknown[]) {
  return runProjectQuery(ctx.project.ref, { query, parameters, readOnly: true, signal: ctx.signal })
}

/** The tables the model has read, once each, for the panel's "Tables used". */
function tablesRead(ctx: ToolContext) {
  const seen = new Map<string, AiTable>()
  return (tables: AiTable[]) => {
    for (const t of tables) seen.set(`${t.schema}.${t.name}`, t)
    ctx.emit({ type: 'tables', tables: [...seen.values()] })
  }
}

export function assistantTools(ctx: ToolContext): ToolSet {
  const tools: ToolSet = {}
  const noteTables = tablesRead(ctx)

  if (ctx.optIn.has(OPT_IN_KEYS.aiSqlGenerator)) {
    tools.get_schema = tool({
      description:
        'Describe tables of the project database (columns, types, keys, relationships) as CREATE TABLE text that is context only. ' +
        'Give schema-qualified table names, or a schema to describe all its tables (default: public).',
      inputSchema: z.object({
        tables: z.array(z.string().max(200)).max(MAX_TABLES).optional().describe('e.g. ["public.todos"]'),
        schema: z.string().max(63).optional(),
      }),
      execute: async ({ tables, schema }) => {
        let selection: { ids: number[] } | { schemas: string[] } = { schemas: [schema ?? 'public'] }
        if (tables?.length) {
          const found = await readQuery(ctx, TABLE_IDS_SQL, [postgresArrayText(tables)])
          if (!found.ok) return { error: found.error.message }
          selection = { ids: found.result.rows.map((r) => Number((r as { id: number }).id)) }
          if (!selection.ids.length) {
            ctx.emit({ type: 'tool', name: 'get_schema', ok: false, summary: `Found no table named ${tables.join(', ')}` })
            return { error: `No table named ${tables.join(', ')}` }
          }
        }
        const outcome = await readQuery(ctx, TABLE_CATALOGUE_SQL, tableCatalogueParameters(selection))
        if (!outcome.ok) return { error: outcome.error.message }
        const described = describeTables(parseCatalogueRows(outcome.result.rows).slice(0, MAX_TABLES))
        noteTables(described.map((t) => ({ schema: t.schema, name: t.name })))
        const names = described.map((t) => `${t.schema}.${t.name}`)
        ctx.emit({ type: 'tool', name: 'get_schema', ok: true, summary: names.length ? `Read the schema of ${names.join(', ')}` : 'Found no tables' })
        return capped(formatTableDescriptions(described))
      },
    })
  }

  if (ctx.optIn.has(OPT_IN_KEYS.aiDataGenerator)) {
    tools.run_sql = tool({
      description:
        `Run one read-only SQL query on the project database and get up to ${AI_SQL_ROW_CAP} rows. ` +
        'A statement that changes data or schema is never run: it is shown to the user as a SQL card to run themselves.',
      inputSchema: z.object({ sql: z.string().min(1).max(20_000) }),
      execute: async ({ sql }) => {
        const statements = splitStatements(sql)
        if (statements.length !== 1) {
          ctx.emit({ type: 'tool', name: 'run_sql', ok: false, summary: 'Asked to run several statements at once; ran none' })
          return { error: 'Run exactly one statement at a time.' }
        }
        const command = commandOf(statements[0].text)
        if (!command || !READING.has(command)) return propose(ctx, statements[0].text)
        const outcome = await readQuery(ctx, statements[0].text)
        if (!outcome.ok) {
          // A data-modifying WITH reaches Postgres, which refuses it under the read-only role.
          if (outcome.error.code === '25006') return propose(ctx, statements[0].text)
          ctx.emit({ type: 'tool', name: 'run_sql', ok: false, summary: `Ran a read-only query: ${outcome.error.message}` })
          return { error: outcome.error.message, code: outcome.error.code }
        }
        const { rows, fields, rowCount } = outcome.result
        const shown = rows.slice(0, AI_SQL_ROW_CAP)
        const count = rowCount ?? rows.length
        ctx.emit({ type: 'tool', name: 'run_sql', ok: true, summary: `Ran a read-only query: ${count} row${count === 1 ? '' : 's'}` })
        return capped(JSON.stringify({ columns: fields.map((f) => f.name), rows: shown, row_count: count, truncated: rows.length > shown.length }))
      },
    })
  }

  if (ctx.optIn.has(OPT_IN_KEYS.aiLogGenerator)) {
    tools.search_logs = tool({
      description: `Search the project's recorded logs (newest first, up to ${LOG_LINE_CAP} lines).`,
      inputSchema: z.object({
        search: z.string().max(200).optional().describe('text the log line contains'),
        source: z.enum(LOG_SOURCES as unknown as [string, ...string[]]).optional(),
        minutes: z.number().int().min(1).max(7 * 24 * 60).optional().describe('how far back (default 60)'),
      }),
      execute: async ({ search, source, minutes }) => {
        const start = new Date(Date.now() - (minutes ?? 60) * 60_000).toISOString()
        const found = await readProjectLogs(
          ctx.db,
          { project: ctx.project, org: ctx.org, selfHosted: ctx.selfHosted },
          { search, source, limit: LOG_LINE_CAP, iso_timestamp_start: start }
        ).catch((error: Error) => ({ error: error.message }))
        if ('error' in found) return { error: found.error }
        const lines = found.result.map((l) => ({ timestamp: l.timestamp, source: l.source, level: l.level, message: String(l.event_message ?? '').slice(0, 500) }))
        ctx.emit({ type: 'tool', name: 'search_logs', ok: true, summary: `Searched the logs: ${lines.length} line${lines.length === 1 ? '' : 's'}` })
        return capped(JSON.stringify(lines))
      },
    })
  }
  return tools
}

function propose(ctx: ToolContext, sql: string) {
  ctx.emit({ type: 'snippet', id: ctx.newId(), title: 'Proposed statement (not run)', sql: sql.trim() })
  ctx.emit({ type: 'tool', name: 'run_sql', ok: true, summary: 'Proposed a statement that writes; it was not run' })
  return {
    not_run: 'This statement changes data or schema, so it was not run. It is shown to the user as a SQL card they may run themselves. Do not say it ran.',
  }
}
