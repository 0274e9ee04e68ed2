/**
 * Data triggers and event triggers (spec §2 /database/triggers): the catalogue reads the Triggers
 * and Database hooks screens share, and the DDL that creates, enables, disables and drops a
 * trigger. Pure: no I/O.
 */
import { byteLength, inTransaction, isSingleExpression, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'
import { quoteIdent, quoteLiteral, quoteQualified } from '@/lib/sql/identifiers'

export const TRIGGER_EVENTS = ['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'] as const
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number]
export const TRIGGER_TIMINGS = ['BEFORE', 'AFTER'] as const
export const ALL_TRIGGER_TIMINGS = ['BEFORE', 'AFTER', 'INSTEAD OF'] as const
export type TriggerTiming = (typeof ALL_TRIGGER_TIMINGS)[number]
export const TRIGGER_LEVELS = ['ROW', 'STATEMENT'] as const
export type TriggerLevel = (typeof TRIGGER_LEVELS)[number]

/**
 * User triggers ($1: excluded schemas as a Postgres array): not internal, not constraint
 * triggers, not the clones a partitioned table's trigger makes on each partition. tgtype bits:
 * 1 row, 2 before, 4 insert, 8 delete, 16 update, 32 truncate, 64 instead of.
 */
export const TRIGGERS_SQL = `select t.oid::int as id, t.tgname::text as name, n.nspname::text as schema, c.relname::text as table_name,
  c.relkind::text as table_kind,
  pn.nspname::text as function_schema, p.proname::text as function_name,
  pg_catalog.obj_description(p.oid, 'pg_proc') as function_comment,
  (select count(*)::int from pg_catalog.pg_trigger o where o.tgfoid = t.tgfoid and not o.tgisinternal) as function_uses,
  t.tgenabled::text as enabled_mode,
  (t.tgtype & 1) <> 0 as for_each_row,
  case when (t.tgtype & 2) <> 0 then 'BEFORE' when (t.tgtype & 64) <> 0 then 'INSTEAD OF' else 'AFTER' end as timing,
  concat_ws(',', case when (t.tgtype & 4) <> 0 then 'INSERT' end, case when (t.tgtype & 16) <> 0 then 'UPDATE' end,
    case when (t.tgtype & 8) <> 0 then 'DELETE' end, case when (t.tgtype & 32) <> 0 then 'TRUNCATE' end) as events,
  coalesce((select array_agg(a.attname::text order by k.i) from unnest(t.tgattr::int2[]) with ordinality k(attnum, i)
    join pg_catalog.pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k.attnum), '{}') as update_columns,
  pg_catalog.encode(t.tgargs, 'hex') as arguments_hex,
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
  /** r table, p partitioned table, v view, f foreign table */
  table_kind: string
  function_schema: string
  function_name: string
  function_comment: string | null
  function_uses: number
  /** 'O' (origin) and 'A' (always) fire; 'D' disabled; 'R' replica only. */
  enabled_mode: string
  for_each_row: boolean
  timing: TriggerTiming
  events: string
  update_columns: string[]
  /** `tgargs` in hex: each argument's bytes followed by a zero byte. */
  arguments_hex: string
  definition: string
}

/** A data trigger as the Triggers screen shows it. */
export type Trigger = {
  id: number
  name: string
  schema: string
  table: string
  tableKind: string
  events: TriggerEvent[]
  /** `UPDATE OF` these columns (empty: any column). */
  updateColumns: string[]
  timing: TriggerTiming
  level: TriggerLevel
  functionSchema: string
  functionName: string
  enabled: boolean
  /** The WHEN condition as Postgres prints it, without its parentheses; null when there is none. */
  condition: string | null
  /** The strings the function gets as TG_ARGV. */
  arguments: string[]
  definition: string
}

export const triggerEvents = (row: Pick<TriggerRow, 'events'>) => row.events.split(',').filter(Boolean) as TriggerEvent[]

export function toTrigger(row: TriggerRow): Trigger {
  return {
    id: row.id,
    name: row.name,
    schema: row.schema,
    table: row.table_name,
    tableKind: row.table_kind,
    events: triggerEvents(row),
    updateColumns: row.update_columns ?? [],
    timing: row.timing,
    level: row.for_each_row ? 'ROW' : 'STATEMENT',
    functionSchema: row.function_schema,
    functionName: row.function_name,
    enabled: row.enabled_mode !== 'D',
    condition: triggerCondition(row.definition),
    arguments: triggerArguments(row.arguments_hex ?? ''),
    definition: row.definition,
  }
}

/** The arguments in `tgargs` (hex): each one's UTF-8 bytes ended by a zero byte. */
export function triggerArguments(hex: string): string[] {
  if (hex === '') return []
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  const decoder = new TextDecoder()
  const out: string[] = []
  let start = 0
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] !== 0) continue
    out.push(decoder.decode(bytes.subarray(start, i)))
    start = i + 1
  }
  return out
}

/** Index past the quoted part starting at `start` (`'…'` or `"…"`, doubled quotes inside). */
function skipQuoted(text: string, start: number): number {
  const quote = text[start]
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] !== quote) continue
    if (text[i + 1] === quote) i++
    else return i + 1
  }
  return text.length
}

/**
 * The WHEN condition of `pg_get_triggerdef` output. Names in it are quoted when they need to be,
 * so `FOR EACH …` and `WHEN (` are read only outside quotes; the condition runs to its matching
 * parenthesis, string literals and quoted names skipped.
 */
export function triggerCondition(definition: string): string | null {
  let i = 0
  let start = -1
  while (i < definition.length) {
    const ch = definition[i]
    if (ch === '"' || ch === "'") {
      i = skipQuoted(definition, i)
      continue
    }
    const match = /^ FOR EACH (ROW|STATEMENT) WHEN \(/.exec(definition.slice(i, i + 40))
    if (match) {
      start = i + match[0].length
      break
    }
    if (definition.startsWith(' FOR EACH ', i)) return null
    i++
  }
  if (start < 0) return null
  let depth = 1
  for (let j = start; j < definition.length; ) {
    const ch = definition[j]
    if (ch === '"' || ch === "'") {
      j = skipQuoted(definition, j)
      continue
    }
    if (ch === '(') depth++
    if (ch === ')' && --depth === 0) return definition.slice(start, j)
    j++
  }
  return null
}

/** Functions a trigger can call ($1: excluded schemas): return `trigger`, take no declared arguments. */
export const TRIGGER_FUNCTIONS_SQL = `select p.oid::int as id, n.nspname::text as schema, p.proname::text as name
from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where p.prorettype = 'pg_catalog.trigger'::pg_catalog.regtype and p.pronargs = 0
  and not (n.nspname = any($1::text::text[]))
order by n.nspname = 'public' desc, n.nspname, p.proname`

export type TriggerFunction = { id: number; schema: string; name: string }

/**
 * Event triggers ($1: excluded schemas of their functions, so the platform's own stay out).
 * Creating one needs a superuser, which members' SQL never is: they are listed, not created here.
 */
export const EVENT_TRIGGERS_SQL = `select e.oid::int as id, e.evtname::text as name, e.evtevent::text as event,
  n.nspname::text as function_schema, p.proname::text as function_name, e.evtenabled::text as enabled_mode,
  coalesce(e.evttags::text[], '{}') as tags, pg_catalog.pg_get_userbyid(e.evtowner)::text as owner
from pg_catalog.pg_event_trigger e
join pg_catalog.pg_proc p on p.oid = e.evtfoid
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
where not (n.nspname = any($1::text::text[]))
order by e.evtname`

export type EventTriggerRow = {
  id: number
  name: string
  event: string
  function_schema: string
  function_name: string
  enabled_mode: string
  tags: string[]
  owner: string
}

/** What the trigger form collects. */
export type TriggerSpec = {
  name: string
  schema: string
  table: string
  /** The relation's kind (r, p, v, f): views take INSTEAD OF row triggers. */
  tableKind: string
  timing: TriggerTiming
  events: readonly TriggerEvent[]
  updateColumns: readonly string[]
  level: TriggerLevel
  function: { schema: string; name: string }
  /** A boolean SQL expression over NEW / OLD; empty for none. */
  condition: string
  /** Strings the function gets as TG_ARGV (each written as a literal); none when absent. */
  arguments?: readonly string[]
}

export type TriggerSpecErrors = Partial<Record<'name' | 'table' | 'timing' | 'events' | 'level' | 'function' | 'condition' | 'arguments', string>>

/** What is wrong with the trigger's name (null when Postgres keeps it as written). */
export function nameProblem(name: string, what: string, maxBytes = MAX_IDENTIFIER_BYTES): string | null {
  if (name.trim() === '') return `Give the ${what} a name`
  if (byteLength(name) > maxBytes) return `Use at most ${maxBytes} bytes (Postgres keeps ${MAX_IDENTIFIER_BYTES})`
  return null
}

/** What is wrong with a trigger, field by field (empty when it can be created). */
export function validateTrigger(spec: TriggerSpec): TriggerSpecErrors {
  const errors: TriggerSpecErrors = {}
  const name = nameProblem(spec.name, 'trigger')
  if (name) errors.name = name
  if (!spec.schema || !spec.table) errors.table = 'Choose a table'
  const isView = spec.tableKind === 'v'
  if (spec.timing === 'INSTEAD OF' && !isView) errors.timing = 'INSTEAD OF triggers are for views'
  else if (isView && spec.timing !== 'INSTEAD OF' && spec.level === 'ROW') errors.level = 'A view takes BEFORE or AFTER triggers only FOR EACH STATEMENT'
  if (spec.events.length === 0) errors.events = 'Choose at least one event'
  else if (spec.events.includes('TRUNCATE') && (isView || spec.timing === 'INSTEAD OF')) errors.events = 'Views have no TRUNCATE triggers'
  else if (spec.timing === 'INSTEAD OF' && spec.updateColumns.length > 0) errors.events = 'INSTEAD OF UPDATE cannot name columns'
  if (spec.timing === 'INSTEAD OF' && spec.level === 'STATEMENT') errors.level = 'INSTEAD OF triggers fire FOR EACH ROW'
  else if (spec.events.includes('TRUNCATE') && spec.level === 'ROW') errors.level = 'TRUNCATE fires only FOR EACH STATEMENT'
  if (!spec.function.schema || !spec.function.name) errors.function = 'Choose a function that returns trigger'
  if ((spec.arguments ?? []).some((a) => a.includes('\u0000'))) errors.arguments = 'An argument cannot contain a NUL character'
  const condition = spec.condition.trim()
  if (condition !== '') {
    if (spec.timing === 'INSTEAD OF') errors.condition = 'INSTEAD OF triggers take no condition'
    else if (!isSingleExpression(condition)) errors.condition = 'The condition must be one SQL expression'
  }
  return errors
}

/** `INSERT OR UPDATE OF "a" OR DELETE`, in Postgres's order. */
function eventsClause(spec: Pick<TriggerSpec, 'events' | 'updateColumns'>): string {
  return TRIGGER_EVENTS.filter((e) => spec.events.includes(e))
    .map((e) => (e === 'UPDATE' && spec.updateColumns.length > 0 ? `UPDATE OF ${spec.updateColumns.map(quoteIdent).join(', ')}` : e))
    .join(' OR ')
}

/** The CREATE TRIGGER statement (no transaction around it). */
export function createTriggerStatement(spec: TriggerSpec): string {
  const condition = spec.condition.trim()
  return [
    `CREATE TRIGGER ${quoteIdent(spec.name)} ${spec.timing} ${eventsClause(spec)} ON ${quoteQualified(spec.schema, spec.table)}`,
    `FOR EACH ${spec.level}`,
    ...(condition ? [`WHEN (${condition})`] : []),
    `EXECUTE FUNCTION ${quoteQualified(spec.function.schema, spec.function.name)}(${(spec.arguments ?? []).map(quoteLiteral).join(', ')})`,
  ].join(' ')
}

/** The script that creates a trigger, in one transaction; throws the first problem of an invalid spec. */
export function createTriggerSql(spec: TriggerSpec): string {
  const first = Object.values(validateTrigger(spec))[0]
  if (first) throw new Error(first)
  return inTransaction([createTriggerStatement(spec)])
}

type TriggerRef = { name: string; schema: string; table: string }

/** ALTER TABLE … ENABLE / DISABLE TRIGGER. */
export function setTriggerEnabledSql(trigger: TriggerRef, enabled: boolean): string {
  return inTransaction([`ALTER TABLE ${quoteQualified(trigger.schema, trigger.table)} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${quoteIdent(trigger.name)}`])
}

/** DROP TRIGGER … ON … (no transaction around it). */
export function dropTriggerStatement(trigger: TriggerRef): string {
  return `DROP TRIGGER ${quoteIdent(trigger.name)} ON ${quoteQualified(trigger.schema, trigger.table)}`
}

export function dropTriggerSql(trigger: TriggerRef): string {
  return inTransaction([dropTriggerStatement(trigger)])
}
