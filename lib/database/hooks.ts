/**
 * Database hooks (spec §2 /database/hooks): user triggers listed as hooks, and the DDL that
 * creates, enables, disables and drops them, including two hook types that bring their own
 * trigger function: "Notify channel" (pg_notify) and "HTTP request" (pg_net). Pure: no I/O.
 */
import { inTransaction, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteIdent, quoteLiteral, quoteQualified } from '@/lib/sql/identifiers'

export const TRIGGER_EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number]
export const TRIGGER_TIMINGS = ['BEFORE', 'AFTER'] as const
export type TriggerTiming = (typeof TRIGGER_TIMINGS)[number] | 'INSTEAD OF'
export const TRIGGER_LEVELS = ['ROW', 'STATEMENT'] as const
export type TriggerLevel = (typeof TRIGGER_LEVELS)[number]

/** Comment put on the functions the dashboard writes for a hook, so the list can name the hook type. */
export const HOOK_FUNCTION_MARK = 'dashboard hook:'

/**
 * User triggers ($1: excluded schemas as a Postgres array): not internal, not constraint
 * triggers, not the clones a partitioned table's trigger makes on each partition. tgtype bits:
 * 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead of.
 */
export const TRIGGERS_SQL = `select t.oid::int as id, t.tgname::text as name, n.nspname::text as schema, c.relname::text as table_name,
  pn.nspname::text as function_schema, p.proname::text as function_name,
  pg_catalog.obj_description(p.oid, 'pg_proc') as function_comment,
  (select count(*)::int from pg_catalog.pg_trigger o where o.tgfoid = t.tgfoid and not o.tgisinternal) as function_uses,
  t.tgenabled::text as enabled_mode,
  (t.tgtype & 1) <> 0 as for_each_row,
  case when (t.tgtype & 2) <> 0 then 'BEFORE' when (t.tgtype & 64) <> 0 then 'INSTEAD OF' else 'AFTER' end as timing,
  concat_ws(',', case when (t.tgtype & 4) <> 0 then 'INSERT' end, case when (t.tgtype & 16) <> 0 then 'UPDATE' end,
    case when (t.tgtype & 8) <> 0 then 'DELETE' end, case when (t.tgtype & 32) <> 0 then 'TRUNCATE' end) as events,
  pg_catalog.pg_get_triggerdef(t.oid) as definition
from pg_catalog.pg_trigger t
join pg_catalog.pg_class c on c.oid = t.tgrelid
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_proc p on p.oid = t.tgfoid
join pg_catalog.pg_namespace pn on pn.oid = p.pronamespace
where not t.tgisinternal and t.tgconstraint = 0 and t.tgparentid = 0
  and not (n.nspname = any($1::text::text[]))
order by n.nspname, c.relname, t.tgname`

export type TriggerRow = {
  id: number
  name: string
  schema: string
  table_name: string
  function_schema: string
  function_name: string
  function_comment: string | null
  function_uses: number
  enabled_mode: string
  for_each_row: boolean
  timing: TriggerTiming
  events: string
  definition: string
}

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
    events: row.events.split(',').filter(Boolean) as TriggerEvent[],
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

/** Functions a trigger can call ($1: excluded schemas): return `trigger`, take no declared arguments. */
export const TRIGGER_FUNCTIONS_SQL = `select p.oid::int as id, n.nspname::text as schema, p.proname::text as name
from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where p.prorettype = 'pg_catalog.trigger'::pg_catalog.regtype and p.pronargs = 0
  and not (n.nspname = any($1::text::text[]))
order by n.nspname = 'public' desc, n.nspname, p.proname`

export type TriggerFunction = { id: number; schema: string; name: string }

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

/** Byte length as Postgres counts it (UTF-8). */
const byteLength = (text: string) => new TextEncoder().encode(text).length

/** What is wrong with a hook, field by field (empty when it can be created). */
export function validateHook(spec: HookSpec): Partial<Record<'name' | 'table' | 'events' | 'level' | 'function' | 'channel' | 'url' | 'timeout', string>> {
  const errors: ReturnType<typeof validateHook> = {}
  if (spec.name.trim() === '') errors.name = 'Give the hook a name'
  else if (byteLength(spec.name) > MAX_IDENTIFIER_BYTES - 6) errors.name = `Use at most ${MAX_IDENTIFIER_BYTES - 6} bytes (Postgres keeps ${MAX_IDENTIFIER_BYTES})`
  if (!spec.schema || !spec.table) errors.table = 'Choose a table'
  if (spec.events.length === 0) errors.events = 'Choose at least one event'
  if (spec.events.includes('TRUNCATE') && spec.level === 'ROW') errors.level = 'TRUNCATE fires only FOR EACH STATEMENT'
  const { action } = spec
  if (action.kind === 'function' && (!action.schema || !action.name)) errors.function = 'Choose a function that returns trigger'
  if (action.kind === 'notify') {
    if (!CHANNEL_PATTERN.test(action.channel)) errors.channel = 'Use letters, digits and underscores, starting with a letter or underscore'
    else if (byteLength(action.channel) > MAX_IDENTIFIER_BYTES) errors.channel = `Use at most ${MAX_IDENTIFIER_BYTES} characters`
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

/** A dollar-quoted string whose tag does not occur in the body. */
export function dollarQuote(body: string): string {
  let tag = '$hook$'
  for (let i = 1; body.includes(tag); i++) tag = `$hook${i}$`
  return `${tag}${body}${tag}`
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
  const events = TRIGGER_EVENTS.filter((e) => spec.events.includes(e)).join(' OR ')
  const fn =
    spec.action.kind === 'function' ? quoteQualified(spec.action.schema, spec.action.name) : quoteQualified(spec.schema, hookFunctionName(spec.name))
  return inTransaction([
    ...hookFunctionSql(spec),
    `CREATE TRIGGER ${quoteIdent(spec.name)} ${spec.timing} ${events} ON ${quoteQualified(spec.schema, spec.table)} FOR EACH ${spec.level} EXECUTE FUNCTION ${fn}()`,
  ])
}

/** ALTER TABLE … ENABLE / DISABLE TRIGGER. */
export function setHookEnabledSql(hook: Pick<Hook, 'name' | 'schema' | 'table'>, enabled: boolean): string {
  return inTransaction([`ALTER TABLE ${quoteQualified(hook.schema, hook.table)} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${quoteIdent(hook.name)}`])
}

/** DROP TRIGGER, and the hook's own function when asked. */
export function dropHookSql(hook: Pick<Hook, 'name' | 'schema' | 'table' | 'functionSchema' | 'functionName'>, dropFunction: boolean): string {
  return inTransaction([
    `DROP TRIGGER ${quoteIdent(hook.name)} ON ${quoteQualified(hook.schema, hook.table)}`,
    ...(dropFunction ? [`DROP FUNCTION ${quoteQualified(hook.functionSchema, hook.functionName)}()`] : []),
  ])
}
