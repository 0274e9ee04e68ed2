import crypto from 'node:crypto'
import { firstIssue, joinPayload, type ChangeBinding } from '@/lib/api-types/realtime'
import { getStore } from '../db/store'
import { verifyProjectCaller } from '../project-auth/bearer'
import { verifyInspectorToken } from './inspector-token'
import type { Binding, Member, MemberLink, RealtimeCaller } from './member'
import type { Message } from './frames'
import { checkFilter, FilterError, parseFilter } from './filters'
import { channelAccess, hubTopic, type ChannelAccess } from './private-channels'
import { followTable } from './triggers'
import { notPublishedMessage, unpublishedBinding, type PublishedTable } from './publication'

/**
 * `phx_join`: a channel's config as realtime-js sends it (broadcast `self`/`ack`, presence `key`,
 * `postgres_changes` bindings, `private`) and its `access_token`, checked; the triggers its
 * bindings need installed; the member added to the hub (listening on the project's bus before
 * the join is answered, so a change made once the client is SUBSCRIBED reaches it). Bindings
 * whose tables `supabase_realtime` does not publish leave the join ok but its changes off, with
 * Realtime's error for the `system` message (publication.ts).
 */

export class JoinRefused extends Error {}

/** What a join needs of its connection: the project, the key it connected with and its role, and the hub. */
export type JoinContext = { ref: string; apikey: string; inspector: boolean; caller: RealtimeCaller; hub: {
    join(member: Member): Promise<void>
    follow(ref: string, tables: string[]): Promise<void>
    unfollow(ref: string, tables: string[]): Promise<void>
    published(ref: string): Promise<PublishedTable[]>
  }
}

/** A join's outcome: the member, the reply's response, and why its changes are off (null: subscribed, or no bindings). */
export type Joined = { member: Member; response: Record<string, unknown>; changesRefused: string | null }

/**
 * The caller a channel's token names: on a connection opened with a key, a key or a project
 * user's token (as the REST API verifies a bearer); on one opened with an inspector token, another
 * inspector token only (its refresh). Null: refused.
 */
export async function verifyChannelToken(ctx: Pick<JoinContext, 'ref' | 'apikey' | 'inspector'>, token: string): Promise<RealtimeCaller | null> {
  if (ctx.inspector) return verifyInspectorToken(await getStore(), ctx.ref, token)
  return verifyProjectCaller(ctx.ref, ctx.apikey, token)
}

let bindingSeq = 0

function parseBinding(raw: ChangeBinding): Binding {
  if (raw.schema === '*') throw new JoinRefused('postgres_changes: name a schema (schema * is not served)')
  let filter: Binding['filter'] = null
  if (raw.filter && raw.filter.trim() !== '') {
    if (!raw.table || raw.table === '*') throw new JoinRefused('postgres_changes: a filter needs a table')
    try {
      filter = { raw: raw.filter, conditions: parseFilter(raw.filter) }
    } catch (error) {
      if (!(error instanceof FilterError)) throw error
      throw new JoinRefused(`postgres_changes: filter ${JSON.stringify(raw.filter)}: ${error.message}`)
    }
  }
  return { id: ++bindingSeq, event: raw.event, schema: raw.schema, table: raw.table || '*', filter }
}

/** What a refused join's message says of a Postgres error (a table that does not exist, a schema not served). */
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

export async function joinChannel(ctx: JoinContext, link: MemberLink, message: Message): Promise<Joined> {
  const parsed = joinPayload.safeParse(message.payload)
  if (!parsed.success) throw new JoinRefused(`invalid join: ${firstIssue(parsed.error)}`)
  const { config, access_token: token } = parsed.data
  if (!message.topic.startsWith('realtime:') || message.topic.length <= 'realtime:'.length) {
    throw new JoinRefused(`invalid topic ${JSON.stringify(message.topic)}: a channel's topic is realtime:<name>`)
  }
  let caller = ctx.caller
  if (token && token !== ctx.apikey) {
    const verified = await verifyChannelToken(ctx, token)
    if (!verified) throw new JoinRefused('invalid or expired access token')
    caller = verified
  }
  const isPrivate = config.private === true
  let access: ChannelAccess | null = null
  if (isPrivate) {
    const name = message.topic.slice('realtime:'.length)
    try {
      access = await channelAccess(ctx.ref, caller, name)
    } catch (error) {
      throw new JoinRefused(`private channel ${name}: its authorization could not be checked: ${describe(error)}`)
    }
    if (access.read.size === 0) {
      throw new JoinRefused(`Unauthorized: the policies on realtime.messages do not let ${caller.role} read the private channel ${name}`)
    }
  }
  const raws = config.postgres_changes ?? []
  const bindings = raws.map(parseBinding)
  const tables = new Map(bindings.map((b) => [`${b.schema}\u0000${b.table}`, b]))
  let followed = [...tables.keys()]
  let changesRefused: string | null = null
  // Followed (a shared lock on each table, on a server) before the triggers are installed: an
  // instance removing a trigger no one followed finishes first, and none removes it after.
  if (followed.length > 0) {
    try {
      await ctx.hub.follow(ctx.ref, followed)
    } catch (error) {
      throw new JoinRefused(`could not listen on the project's database: ${describe(error)}`)
    }
  }
  try {
    for (const b of tables.values()) {
      try {
        await followTable(ctx.ref, b.schema, b.table, caller.role)
      } catch (error) {
        throw new JoinRefused(`postgres_changes on ${b.schema}.${b.table}: ${describe(error)}`)
      }
    }
    for (const b of bindings) {
      if (!b.filter) continue
      try {
        await checkFilter(ctx.ref, caller, b.schema, b.table, b.filter.conditions)
      } catch (error) {
        throw new JoinRefused(`postgres_changes: filter ${JSON.stringify(b.filter.raw)} on ${b.schema}.${b.table}: ${describe(error)}`)
      }
    }
    if (bindings.length > 0) {
      let published: PublishedTable[]
      try {
        published = await ctx.hub.published(ctx.ref)
      } catch (error) {
        throw new JoinRefused(`postgres_changes: the supabase_realtime publication could not be read: ${describe(error)}`)
      }
      const missing = unpublishedBinding(bindings, published)
      if (missing) changesRefused = notPublishedMessage(missing)
    }
  } catch (error) {
    if (followed.length > 0) await ctx.hub.unfollow(ctx.ref, followed)
    throw error
  }
  if (changesRefused !== null && followed.length > 0) {
    await ctx.hub.unfollow(ctx.ref, followed)
    followed = []
  }
  const member: Member = {
    id: crypto.randomUUID(),
    ref: ctx.ref,
    topic: hubTopic(message.topic, isPrivate),
    wire: message.topic,
    access,
    joinRef: message.joinRef,
    caller,
    self: config.broadcast?.self === true,
    ack: config.broadcast?.ack === true,
    presenceKey: config.presence?.key || crypto.randomUUID(),
    presenceEnabled: config.presence?.enabled !== false,
    bindings,
    changesActive: bindings.length > 0 && changesRefused === null,
    followed,
    link,
  }
  try {
    await ctx.hub.join(member)
  } catch (error) {
    if (followed.length > 0) await ctx.hub.unfollow(ctx.ref, followed)
    throw new JoinRefused(`could not listen on the project's database: ${describe(error)}`)
  }
  const response: Record<string, unknown> =
    raws.length === 0 ? {} : { postgres_changes: raws.map((raw, i) => ({ id: bindings[i].id, event: raw.event, schema: raw.schema, table: raw.table, filter: raw.filter })) }
  return { member, response, changesRefused }
}
