import { withRequestRole } from '../projects/request-role'
import { PROBE_EVENT } from './messages-table'

/**
 * Private channels (`config: { private: true }`), authorized as Supabase does by the row level
 * security of the project's `realtime.messages` (messages-table.ts), asked as the subscriber
 * (its role and claims) with `realtime.topic()` set to the channel's name, in transactions that
 * are rolled back: a `select` policy that shows a row of extension `broadcast` (`presence`) lets
 * it receive the channel's broadcasts (presence), an `insert` policy that accepts one lets it send
 * them. A join is refused unless it may receive one or the other. Private and public channels of
 * one name are different channels (hubTopic).
 */

/** Who is checked: the subscriber's role and claims, as `withRequestRole` takes them. */
type RealtimeCaller = Parameters<typeof withRequestRole>[1]

export type Extension = 'broadcast' | 'presence'
export type ChannelAccess = { read: ReadonlySet<Extension>; write: ReadonlySet<Extension> }

/** Whether a member may receive (send) an extension's messages: always on a public channel. */
export const mayRead = (member: { access: ChannelAccess | null }, extension: Extension) => !member.access || member.access.read.has(extension)
export const mayWrite = (member: { access: ChannelAccess | null }, extension: Extension) => !member.access || member.access.write.has(extension)

/** The hub's name of a channel: a private one apart from the public one of the same topic. */
export const hubTopic = (topic: string, isPrivate: boolean) => (isPrivate ? `${topic}\u0001private` : topic)

/** What a check ends its transaction with: its answer, thrown so that nothing it wrote stays. */
class Answer<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back')
  }
}

async function rolledBack<T>(ref: string, caller: RealtimeCaller, fn: (query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) => Promise<T>): Promise<T> {
  try {
    await withRequestRole(ref, caller, async (session) => {
      throw new Answer(await fn((sql, params) => session.query(sql, params) as Promise<{ rows: Record<string, unknown>[] }>))
    })
  } catch (error) {
    if (error instanceof Answer) return error.value as T
    throw error
  }
  throw new Error('unreachable')
}

const SET_TOPIC = `select pg_catalog.set_config('realtime.topic', $1, true)`
/** Row level security refused the row (42501), or a policy's check failed. */
const refusedByPolicy = (error: unknown) => (error as { code?: string }).code === '42501'

/** What the caller may do on the private channel `name` (the topic without `realtime:`). */
export async function channelAccess(ref: string, caller: RealtimeCaller, name: string): Promise<ChannelAccess> {
  const read = await rolledBack(ref, caller, async (query) => {
    await query(`${SET_TOPIC}, realtime.probe_rows($1)`, [name])
    const { rows } = await query(`select distinct extension from realtime.messages where topic = $1 and event = $2`, [name, PROBE_EVENT])
    return new Set(rows.map((r) => r.extension as Extension))
  })
  const write = new Set<Extension>()
  for (const extension of ['broadcast', 'presence'] as const) {
    const allowed = await rolledBack(ref, caller, async (query) => {
      await query(SET_TOPIC, [name])
      try {
        await query(`insert into realtime.messages (topic, extension, event, private) values ($1, $2, $3, true)`, [name, extension, PROBE_EVENT])
        return true
      } catch (error) {
        if (refusedByPolicy(error)) return false
        throw error
      }
    })
    if (allowed) write.add(extension)
  }
  return { read, write }
}
