/**
 * Database hooks (spec §2 /database/hooks): user triggers listed as hooks, and the DDL that
 * creates, enables, disables and drops them, including two hook types that bring their own
 * trigger function: "Notify channel" (pg_notify) and "HTTP request" (pg_net). Pure: no I/O.
 */
import { dollarQuote } from '@/lib/sql/dollar-quote'
import { isNameTooLong, inTransaction, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteLiteral, quoteQualified } from '@/lib/sql/identifiers'
import {
  createTriggerStatement,
  dropTriggerStatement,
  nameProblem,
  TRIGGER_TIMINGS,
  triggerEvents,
  type TriggerEvent,
  type TriggerLevel,
  type TriggerRow,
  type TriggerTiming,
} from './triggers'

/** Comment put on the functions the dashboard writes for a hook, so the list can name the hook type. */
export const HOOK_FUNCTION_MARK = 'dashboard hook:'

export type HookKind = 'function' | 'notify' | 'http'

/** A trigger as the hooks list shows it. */
export type Hook = {
  id: number
  name: string
  schema: string
  table: string
  events: TriggerEvent[]
  timing: TriggerTiming
  level: TriggerLevel
  functionSchema: string
  functionName: string
  /** 'O' (origin) and 'A' (always) fire; 'D' disabled; 'R' replica only. */
  enabled: boolean
  kind: HookKind
  /** Channel or URL of a dashboard-made hook. */
  target: string | null
  /** The function was made by the dashboard for this hook only: dropping the hook may drop it. */
  ownsFunction: boolean
  definition: string
}

export function toHook(row: TriggerRow): Hook {
  const mark = parseHookMark(row.function_comment)
  return {
    id: row.id,
    name: row.name,
    schema: row.schema,
    table: row.table_name,
    events: triggerEvents(row),
    timing: row.timing,
    level: row.for_each_row ? 'ROW' : 'STATEMENT',
    functionSchema: row.function_schema,
    functionName: row.function_name,
    enabled: row.enabled_mode !== 'D',
    kind: mark?.kind ?? 'function',
    target: mark?.target ?? null,
    ownsFunction: mark !== null && row.function_uses <= 1,
    definition: row.definition,
  }
}

function parseHookMark(comment: string | null): { kind: 'notify' | 'http'; target: string } | null {
  if (!comment?.startsWith(HOOK_FUNCTION_MARK)) return null
  const match = /^dashboard hook: (notify|http) (.*)$/s.exec(comment)
  return match ? { kind: match[1] as 'notify' | 'http', target: match[2] } : null
}

/** What the create form collects. */
export type HookSpec = {
  name: string
  schema: string
  table: string
  events: readonly TriggerEvent[]
  timing: (typeof TRIGGER_TIMINGS)[number]
  level: TriggerLevel
  action:
    | { kind: 'function'; schema: string; name: string }
    | { kind: 'notify'; channel: string }
    | { kind: 'http'; url: string; timeoutMs: number }
}

const CHANNEL_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/

/** What is wrong with a hook, field by field (empty when it can be created). */
export function validateHook(spec: HookSpec): Partial<Record<'name' | 'table' | 'events' | 'level' | 'function' | 'channel' | 'url' | 'timeout', string>> {
  const errors: ReturnType<typeof validateHook> = {}
  // The hook's own function is named `<name>_hook`: six bytes more.
  const name = nameProblem(spec.name, 'hook', MAX_IDENTIFIER_BYTES - 6)
  if (name) errors.name = name
  if (!spec.schema || !spec.table) errors.table = 'Choose a table'
  if (spec.events.length === 0) errors.events = 'Choose at least one event'
  if (spec.events.includes('TRUNCATE') && spec.level === 'ROW') errors.level = 'TRUNCATE fires only FOR EACH STATEMENT'
  const { action } = spec
  if (action.kind === 'function' && (!action.schema || !action.name)) errors.function = 'Choose a function that returns trigger'
  if (action.kind === 'notify') {
    if (!CHANNEL_PATTERN.test(action.channel)) errors.channel = 'Use letters, digits and underscores, starting with a letter or underscore'
    else if (isNameTooLong(action.channel)) errors.channel = `Use at most ${MAX_IDENTIFIER_BYTES} characters`
  }
  if (action.kind === 'http') {
    if (!isHttpUrl(action.url)) errors.url = 'Enter an http or https URL'
    if (!Number.isInteger(action.timeoutMs) || action.timeoutMs < 100 || action.timeoutMs > 60_000) errors.timeout = 'Use a whole number of milliseconds from 100 to 60000'
  }
  return errors
}

/** spec §5: URL check accepts only http or https. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Name of the function a notify or HTTP hook creates for itself. */
export function hookFunctionName(hookName: string): string {
  return `${hookName}_hook`
}

/** The JSON a hook sends: the operation, the table, and the new and old rows (null when none). */
const PAYLOAD = `jsonb_build_object('type', TG_OP, 'schema', TG_TABLE_SCHEMA, 'table', TG_TABLE_NAME,
    'record', CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END,
    'old_record', CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END)`

function hookFunctionSql(spec: HookSpec): string[] {
  const { action } = spec
  if (action.kind === 'function') return []
  const fn = quoteQualified(spec.schema, hookFunctionName(spec.name))
  const call =
    action.kind === 'notify'
      ? `PERFORM pg_notify(${quoteLiteral(action.channel)}, ${PAYLOAD}::text);`
      : `PERFORM net.http_post(url := ${quoteLiteral(action.url)}, body := ${PAYLOAD}, headers := '{"Content-Type": "application/json"}'::jsonb, timeout_milliseconds := ${action.timeoutMs});`
  // A row trigger's return value is the row to write (BEFORE) or ignored (AFTER); COALESCE keeps the row either way.
  const body = `\nBEGIN\n  ${call}\n  RETURN COALESCE(NEW, OLD);\nEND;\n`
  const mark = `${HOOK_FUNCTION_MARK} ${action.kind} ${action.kind === 'notify' ? action.channel : action.url}`
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS ${dollarQuote(body)}`,
    `COMMENT ON FUNCTION ${fn}() IS ${quoteLiteral(mark)}`,
  ]
}

/** The script that creates a hook (and its function, for notify and HTTP hooks), in one transaction. */
export function createHookSql(spec: HookSpec): string {
  const problems = validateHook(spec)
  const first = Object.values(problems)[0]
  if (first) throw new Error(first)
  const fn = spec.action.kind === 'function' ? { schema: spec.action.schema, name: spec.action.name } : { schema: spec.schema, name: hookFunctionName(spec.name) }
  return inTransaction([
    ...hookFunctionSql(spec),
    createTriggerStatement({ ...spec, tableKind: 'r', updateColumns: [], function: fn, condition: '' }),
  ])
}

/** DROP TRIGGER, and the hook's own function when asked. */
export function dropHookSql(hook: Pick<Hook, 'name' | 'schema' | 'table' | 'functionSchema' | 'functionName'>, dropFunction: boolean): string {
  return inTransaction([
    dropTriggerStatement(hook),
    ...(dropFunction ? [`DROP FUNCTION ${quoteQualified(hook.functionSchema, hook.functionName)}()`] : []),
  ])
}
