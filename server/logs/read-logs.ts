import { z } from 'zod'
import { LOG_SOURCES, type LogSource } from '@/lib/catalogue/log-sources'
import { isPlanId } from '@/lib/catalogue/plans'
import type { ProjectLogLine, ProjectLogsResponse } from '@/lib/api-types/logs'
import { isRecordedLogSource, LOG_LEVELS } from '@/lib/logs/log-lines'
import { clampLogRange, logRetentionDays } from '@/lib/logs/retention'
import type { OrganizationRow, ProjectRow } from '../access'
import type { Db, SqlParam } from '../db/types'
import { badRequest } from '../http/errors'

export const MAX_LOG_LIMIT = 1_000
export const DEFAULT_LOG_LIMIT = 100
/** The range read when no start is given. */
export const DEFAULT_LOG_WINDOW_MS = 3_600_000
const MAX_SEARCH_CHARS = 500

const SOURCE_WORDS = new Set<string>([...LOG_SOURCES, 'all'])

/** Query of `GET /platform/projects/:ref/logs`. */
export const logsQuery = z.strictObject({
  // `all`, one source, or a comma list of sources (spec §7: arrays travel as comma lists).
  source: z
    .string('must be a string')
    .refine((value) => value.split(',').every((word) => SOURCE_WORDS.has(word.trim())), {
      message: `must be "all" or log sources among ${LOG_SOURCES.join(', ')}, separated by commas`,
    })
    .optional(),
  iso_timestamp_start: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }).optional(),
  iso_timestamp_end: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' }).optional(),
  search: z.string('must be a string').max(MAX_SEARCH_CHARS, `must be at most ${MAX_SEARCH_CHARS} characters`).optional(),
  level: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).optional(),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_LOG_LIMIT, `must be at most ${MAX_LOG_LIMIT}`)
    .optional(),
  cursor: z.string('must be a string').max(200, 'is not a valid cursor').optional(),
  /** Only the lines of one Edge Function (its id): its invocations and its console output. */
  function_id: z.uuid('must be a function id (a UUID)').optional(),
  /** `true`: the dashboard's own requests and statements too (marked `dashboard`), hidden otherwise. */
  include_dashboard: z.enum(['true', 'false'], 'must be true or false').optional(),
})
export type LogsQuery = z.infer<typeof logsQuery>

/** The sources a `source` parameter names (all of them for `all` or nothing). */
export function sourcesOf(value: string | undefined): LogSource[] | 'all' {
  if (!value) return 'all'
  const words = [...new Set(value.split(',').map((word) => word.trim()))]
  if (words.includes('all')) return 'all'
  return words as LogSource[]
}

type Cursor = { timestamp: string; id: string }

/** The cursor of the next page: where the last line of this one stands. */
export function encodeCursor(line: Pick<ProjectLogLine, 'timestamp' | 'id'>): string {
  return Buffer.from(`${line.timestamp}|${line.id}`, 'utf8').toString('base64url')
}

function decodeCursor(value: string): Cursor {
  const text = Buffer.from(value, 'base64url').toString('utf8')
  const [timestamp, id, ...rest] = text.split('|')
  if (
    rest.length > 0 ||
    !timestamp ||
    Number.isNaN(Date.parse(timestamp)) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id ?? '')
  ) {
    throw badRequest('Invalid query parameters: cursor is not a cursor this endpoint gave out')
  }
  return { timestamp, id }
}

type LineRow = {
  id: string
  source: LogSource
  level: ProjectLogLine['level']
  event_message: string
  metadata: Record<string, unknown> | string
  timestamp: string
}

/**
 * spec §3, §9: a page of a project's log lines, newest first, within the plan's retention (self-
 * hosted: as enterprise). Sources without a producer here answer an empty page with `recorded: false`.
 */
export async function readProjectLogs(
  db: Db,
  target: { project: ProjectRow; org: OrganizationRow; selfHosted: boolean },
  query: LogsQuery,
  now: Date = new Date()
): Promise<ProjectLogsResponse> {
  const plan = isPlanId(target.org.plan_id) ? target.org.plan_id : 'free'
  const retentionDays = logRetentionDays(plan, { selfHosted: target.selfHosted })
  const end = query.iso_timestamp_end ? new Date(query.iso_timestamp_end) : now
  const start = query.iso_timestamp_start
    ? new Date(query.iso_timestamp_start)
    : new Date(Math.max(end.getTime() - DEFAULT_LOG_WINDOW_MS, now.getTime() - retentionDays * 86_400_000))
  const clamped = clampLogRange({ start, end }, { now, retentionDays })
  if (!clamped.ok) throw badRequest(clamped.message)
  const { range } = clamped

  const sources = sourcesOf(query.source)
  const recorded = sources === 'all' || sources.some(isRecordedLogSource)
  const limit = query.limit ?? DEFAULT_LOG_LIMIT
  const cursor = query.cursor ? decodeCursor(query.cursor) : null
  const base = {
    source: sources === 'all' ? ('all' as const) : sources.length === 1 ? sources[0] : ('all' as const),
    recorded,
    plan,
    retention_days: retentionDays,
    iso_timestamp_start: range.start.toISOString(),
    iso_timestamp_end: range.end.toISOString(),
  }
  if (!recorded || range.end.getTime() < range.start.getTime()) return { ...base, result: [], next_cursor: null }

  const params: SqlParam[] = [Number(target.project.id), range.start.toISOString(), range.end.toISOString()]
  const where = ['l.project_id = $1', 'l."timestamp" >= $2::timestamptz', 'l."timestamp" <= $3::timestamptz']
  if (sources !== 'all') {
    params.push(sources)
    where.push(`l.source = any($${params.length}::text[])`)
  }
  if (query.level) {
    params.push(query.level)
    where.push(`l.level = $${params.length}`)
  }
  if (query.search && query.search.trim()) {
    params.push(`%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    where.push(`l.event_message ilike $${params.length} escape '\\'`)
  }
  // The dashboard's own requests and catalogue queries are not what a developer looks for first.
  if (query.include_dashboard !== 'true') where.push(`coalesce(l.metadata->>'dashboard', 'false') <> 'true'`)
  if (query.function_id) {
    params.push(query.function_id)
    where.push(`l.metadata->>'function_id' = $${params.length}`)
  }
  if (cursor) {
    params.push(cursor.timestamp, cursor.id)
    where.push(`(l."timestamp", l.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`)
  }
  params.push(limit + 1)
  const { rows } = await db.query<LineRow>(
    `select l.id::text as id, l.source, l.level, l.event_message, l.metadata,
            to_char(l."timestamp" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "timestamp"
       from platform.project_logs l
      where ${where.join(' and ')}
      order by l."timestamp" desc, l.id desc
      limit $${params.length}`,
    params
  )
  const page = rows.slice(0, limit).map<ProjectLogLine>((row) => ({
    id: row.id,
    timestamp: row.timestamp,
    source: row.source,
    level: row.level,
    event_message: row.event_message,
    identifier: target.project.ref,
    metadata: typeof row.metadata === 'string' ? (JSON.parse(row.metadata) as Record<string, unknown>) : row.metadata,
  }))
  return { ...base, result: page, next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null }
}
