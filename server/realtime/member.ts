import type { ChangeEvent, RealtimeVsn } from '@/lib/api-types/realtime'
import type { ApiRole } from '../projects/api-roles'
import type { RequestClaims } from '../projects/request-role'
import type { Condition } from './filters'
import type { ChannelAccess } from './private-channels'

/** Who a connection or a channel acts as: its key's role, or its user's, with the token's claims. */
export type RealtimeCaller = { role: ApiRole; claims: RequestClaims }

/** A `postgres_changes` binding as the server holds it: its id (sent back on join) and its one filter. */
export type Binding = {
  id: number
  event: ChangeEvent
  schema: string
  /** `*` for every table of the schema. */
  table: string
  /** Its filter's conditions (filters.ts), all of which a change must meet; null: none. */
  filter: { raw: string; conditions: Condition[] } | null
}

/** What a member's connection offers the hub: pushing messages to the client. */
export type MemberLink = {
  readonly vsn: RealtimeVsn
  /** Sends a frame as is (already encoded); false when the socket is gone. */
  send(frame: string | Buffer): boolean
  /** Sends a message on the member's topic (`phx_reply`, `presence_diff`, `postgres_changes`...). */
  push(topic: string, event: string, payload: unknown, ref?: string | null, joinRef?: string | null): void
}

/** One client's membership of one channel (topic) of a project. */
export type Member = {
  /** Unique in this process: a presence's owner, a log line's subject. */
  id: string
  ref: string
  /** The hub's name of the channel (private-channels.ts `hubTopic`): a private channel's is apart from the public one's. */
  topic: string
  /** The topic the client named (`realtime:room`), on every message it is sent. */
  wire: string
  /** A private channel's rights (what the realtime.messages policies allowed at the join); null: a public channel. */
  access: ChannelAccess | null
  joinRef: string | null
  caller: RealtimeCaller
  /** Broadcast options: receive one's own broadcasts, have each acknowledged. */
  self: boolean
  ack: boolean
  presenceKey: string
  /** Receives presence_state and presence_diff. */
  presenceEnabled: boolean
  bindings: Binding[]
  /**
   * Its bindings' changes are delivered: the publication covered them when it joined and since
   * (publication.ts). False once refused; it stays false, as on Supabase, until the client joins again.
   */
  changesActive: boolean
  /** The tables its bindings follow (`schema\u0000table`), unfollowed when it leaves (hub.ts). */
  followed: string[]
  link: MemberLink
}

/** The channel `realtime:room` of a project, as the key of the hub's maps. */
export const channelKey = (ref: string, topic: string) => `${ref}\u0000${topic}`
