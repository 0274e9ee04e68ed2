import { quoteIdent } from '../projects/jail'
import { withRequestRole } from '../projects/request-role'
import { recordRealtimeEvent } from '../logs/realtime-log'
import { evaluateConditions, type Condition } from './filters'
import type { Binding, Member, RealtimeCaller } from './member'

/**
 * Database changes to their subscribers. A row trigger notifies the row's key (setup-sql.ts);
 * each subscriber whose bindings match the change reads the row again as itself
 * (`withRequestRole`: its role and claims, so row level security decides) and gets it only if it
 * sees it. Subscribers with the same role and claims share one read. A delete carries the old
 * primary key only (as Supabase without replica identity full) and reaches the subscribers whose
 * role may read the table (the row is gone: its policies cannot be asked). Changes of one
 * project are delivered one after another, in the order they were notified; a row changed again
 * before it is read is sent as it is by then, and one deleted meanwhile is not sent.
 */

/** What a trigger notifies (setup-sql.ts): schema, table, operation, commit time, new (or deleted) key, old key of an update. */
type Notified = { s: string; t: string; e: 'INSERT' | 'UPDATE' | 'DELETE'; c: string; k?: Record<string, unknown> | null; o?: Record<string, unknown> | null; big?: true }

/** The `postgres_changes` message's data, as realtime-js reads it (`_getPayloadRecords`). */
export type ChangeData = {
  schema: string
  table: string
  commit_timestamp: string
  type: 'INSERT' | 'UPDATE' | 'DELETE'
  columns: { name: string; type: string }[]
  record: Record<string, unknown>
  old_record: Record<string, unknown>
  errors: null
}

const matchesTable = (b: Binding, n: Notified) => b.schema === n.s && (b.table === '*' || b.table === n.t) && (b.event === '*' || b.event === n.e)

/**
 * Which of the members' bindings matching the change pass their filters on `row` (the record, or
 * a delete's old key, where a condition on a column it lacks holds): the distinct conditions of
 * the group, evaluated by Postgres in one statement as the group's caller.
 */
async function passingBindings(ref: string, caller: RealtimeCaller, n: Notified, row: Record<string, unknown>, members: Member[]): Promise<Set<Binding>> {
  const candidates = members.flatMap((m) => m.bindings.filter((b) => matchesTable(b, n)))
  const pass = new Set(candidates.filter((b) => !b.filter))
  const conditions = new Map<string, Condition>()
  for (const b of candidates) for (const c of b.filter?.conditions ?? []) if (c.column in row) conditions.set(JSON.stringify(c), c)
  const list = [...conditions.values()]
  const results = await evaluateConditions(ref, caller, n.s, n.t, row, list)
  const holds = new Map(list.map((c, i) => [JSON.stringify(c), results[i]]))
  for (const b of candidates) {
    if (b.filter && b.filter.conditions.every((c) => !(c.column in row) || holds.get(JSON.stringify(c)))) pass.add(b)
  }
  return pass
}

const callerKey = (caller: RealtimeCaller) => `${caller.role}\u0000${JSON.stringify(caller.claims)}`

/** Claims past their `exp` no longer see anything (the client sends a fresh token with `access_token`). */
const expired = (caller: RealtimeCaller) => typeof caller.claims.exp === 'number' && caller.claims.exp * 1000 < Date.now()

/** The row with this key as the caller sees it, or null (RLS hides it, or it is gone). */
async function readAs(ref: string, caller: RealtimeCaller, n: Notified): Promise<Record<string, unknown> | null> {
  const table = `${quoteIdent(n.s)}.${quoteIdent(n.t)}`
  const keys = Object.keys(n.k ?? {})
  if (keys.length === 0) return null
  // Each key column compared with the key's JSON cast to the table's own type: the primary key's index serves it.
  const where = keys.map((k) => `t.${quoteIdent(k)} = (pg_catalog.jsonb_populate_record(null::${table}, $1::pg_catalog.jsonb)).${quoteIdent(k)}`).join(' and ')
  const sql = `select pg_catalog.to_jsonb(t) as r from ${table} t where ${where}`
  const result = await withRequestRole(ref, caller, (session) => session.query(sql, [JSON.stringify(n.k)], { final: true }))
  const r = result.rows[0]?.r
  return r === undefined || r === null ? null : typeof r === 'string' ? (JSON.parse(r) as Record<string, unknown>) : (r as Record<string, unknown>)
}

/** Whether the caller's role may read the table at all (a delete's only check). */
async function mayRead(ref: string, caller: RealtimeCaller, n: Notified): Promise<boolean> {
  try {
    await withRequestRole(ref, caller, (session) => session.query(`select from ${quoteIdent(n.s)}.${quoteIdent(n.t)} where false`, [], { final: true }))
    return true
  } catch {
    return false
  }
}

export class ChangeFeed {
  private queues = new Map<string, Promise<void>>()
  /** Changes delivered (messages sent), for tests and metering. */
  delivered = 0

  constructor(private readonly subscribers: (ref: string) => Member[]) {}

  /** A trigger's notification: queued behind the project's earlier changes. */
  notified(ref: string, payload: string): void {
    let n: Notified
    try {
      n = JSON.parse(payload) as Notified
    } catch {
      return
    }
    const previous = this.queues.get(ref) ?? Promise.resolve()
    const next = previous.then(() => this.deliver(ref, n)).catch((error: unknown) => {
      recordRealtimeEvent({ ref, level: 'error', message: `change of ${n.s}.${n.t} not delivered: ${(error as Error).message}` })
    })
    this.queues.set(ref, next)
    void next.finally(() => {
      if (this.queues.get(ref) === next) this.queues.delete(ref)
    })
  }

  private async deliver(ref: string, n: Notified): Promise<void> {
    const interested = this.subscribers(ref).filter((m) => !expired(m.caller) && m.bindings.some((b) => matchesTable(b, n)))
    if (interested.length === 0) return
    if (n.big) {
      recordRealtimeEvent({ ref, level: 'error', message: `change of ${n.s}.${n.t} not delivered: its primary key is larger than a notification may carry` })
      return
    }
    const groups = new Map<string, Member[]>()
    for (const member of interested) {
      const key = callerKey(member.caller)
      const group = groups.get(key)
      if (group) group.push(member)
      else groups.set(key, [member])
    }
    const old = (n.e === 'DELETE' ? n.k : n.o) ?? {}
    for (const group of groups.values()) {
      const caller = group[0].caller
      let record: Record<string, unknown> = {}
      if (n.e === 'DELETE') {
        if (!(await mayRead(ref, caller, n))) continue
      } else {
        const row = await readAs(ref, caller, n).catch((error: unknown) => {
          // A role without the right to read the table sees nothing; any other failure is logged.
          if ((error as { code?: string }).code !== '42501') {
            recordRealtimeEvent({ ref, level: 'error', message: `change of ${n.s}.${n.t} not read for ${caller.role}: ${(error as Error).message}`, role: caller.role })
          }
          return null
        })
        if (!row) continue
        record = row
      }
      const data: ChangeData = { schema: n.s, table: n.t, commit_timestamp: n.c, type: n.e, columns: [], record, old_record: old, errors: null }
      const passing = await passingBindings(ref, caller, n, n.e === 'DELETE' ? old : record, group)
      for (const member of group) {
        const ids = member.bindings.filter((b) => passing.has(b)).map((b) => b.id)
        if (ids.length === 0) continue
        member.link.push(member.wire, 'postgres_changes', { ids, data }, null, member.joinRef)
        this.delivered++
      }
    }
  }
}
