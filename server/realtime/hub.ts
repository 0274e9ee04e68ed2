import crypto from 'node:crypto'
import { encodeBroadcast, fromPortablePayload, portablePayload } from './frames'
import { MAX_NOTIFY_BYTES, ProjectBus, REALTIME_BROADCAST_CHANNEL } from './bus'
import { ChangeFeed } from './changes'
import { channelKey, type Member } from './member'
import { PresenceTracker, type PresenceMessage } from './presence'
import { mayRead } from './private-channels'
import { recordRealtimeEvent } from '../logs/realtime-log'
import { recordRealtimeConnections } from '../billing/realtime-metering'
import { noteConnections, REFRESH_MS } from './connection-census'
import { unfollowTable } from './triggers'
import { PublicationWatch, pushChangesStatus, type PublishedTable } from './publication'

/**
 * The channels of one server's realtime endpoint: who is in which channel of which project,
 * their presences (presence.ts), and the fan-out of broadcasts (to the channel's other members, and to the
 * sender when it asked for `self`; to the members on other instances through the bus) and of
 * database changes (changes.ts). One per HTTP server (server.ts); tests may run two.
 */

export class RealtimeHub {
  /** Tells this instance's broadcasts from the other instances' on the bus. */
  readonly instanceId = crypto.randomUUID()
  private channels = new Map<string, Set<Member>>()
  private connections = new Map<string, number>()
  readonly bus: ProjectBus
  readonly changes: ChangeFeed
  readonly presence: PresenceTracker
  private readonly publication: PublicationWatch
  /** Rewrites this instance's counts while they are not zero, so the census knows it is alive. */
  private readonly census: NodeJS.Timeout

  constructor() {
    this.census = setInterval(() => {
      for (const [ref, n] of this.connections) noteConnections(this.instanceId, ref, n)
    }, REFRESH_MS)
    this.census.unref()
    this.changes = new ChangeFeed((ref) => this.changeMembers(ref))
    this.presence = new PresenceTracker({
      instanceId: this.instanceId,
      members: (ref, topic) => this.members(ref, topic),
      publish: (ref, message) => this.publish(ref, message.t, message),
    })
    this.publication = new PublicationWatch({
      refs: () => this.changeRefs(),
      subscribed: (ref) => this.changeMembers(ref),
      drop: (member, message) => this.dropChanges(member, message),
    })
    this.bus = new ProjectBus({
      change: (ref, payload) => this.changes.notified(ref, payload),
      broadcast: (ref, payload) => this.fromBus(ref, payload),
    })
  }

  /** Open connections of a project on this instance. */
  connectionCount(ref: string): number {
    return this.connections.get(ref) ?? 0
  }

  connected(ref: string, delta: 1 | -1): void {
    const n = this.connectionCount(ref) + delta
    if (n > 0) this.connections.set(ref, n)
    else this.connections.delete(ref)
    if (delta > 0) recordRealtimeConnections(ref, n)
    noteConnections(this.instanceId, ref, Math.max(n, 0))
  }

  /** Adds a member to its channel, listening on its project (resolves once changes will be heard). */
  async join(member: Member): Promise<void> {
    await this.bus.hold(member.ref)
    const key = channelKey(member.ref, member.topic)
    let set = this.channels.get(key)
    const first = !set
    if (!set) this.channels.set(key, (set = new Set()))
    set.add(member)
    this.presence.joined(member.ref, member.topic, first)
  }

  /**
   * Follows the tables a member's bindings name (`schema.table`, `*` for a whole schema) before
   * their triggers are installed (join.ts): holds the project's bus for them until `unfollow`.
   */
  async follow(ref: string, tables: string[]): Promise<void> {
    await this.bus.hold(ref)
    for (const table of tables) await this.bus.follow(ref, table)
  }

  /** Stops following; a named table no one follows any more on any instance loses its trigger (a schema's `*` keeps them). */
  async unfollow(ref: string, tables: string[]): Promise<void> {
    try {
      for (const key of tables) {
        const [schema, table] = key.split('\u0000')
        await this.bus
          .unfollow(ref, key, () => (table === '*' ? Promise.resolve() : unfollowTable(ref, schema, table)))
          .catch((error: unknown) => recordRealtimeEvent({ ref, level: 'warning', message: `change trigger of ${schema}.${table} not removed: ${(error as Error).message}` }))
      }
    } finally {
      this.bus.release(ref)
    }
  }

  /** The tables `supabase_realtime` publishes now (its members subscribed again first when they changed). */
  published(ref: string): Promise<PublishedTable[]> {
    return this.publication.current(ref)
  }

  /** Stops a member's changes (its tables left the publication): told why, its tables unfollowed. */
  private dropChanges(member: Member, message: string): void {
    member.changesActive = false
    pushChangesStatus(member, 'error', message)
    recordRealtimeEvent({ ref: member.ref, level: 'warning', message, topic: member.wire, role: member.caller.role })
    const followed = member.followed
    member.followed = []
    if (followed.length > 0) void this.unfollow(member.ref, followed)
  }

  /** Removes a member (its presence leaves with it, its tables are unfollowed). */
  leave(member: Member): void {
    const key = channelKey(member.ref, member.topic)
    const set = this.channels.get(key)
    if (!set?.delete(member)) return
    this.presence.untrack(member)
    if (set.size === 0) {
      this.channels.delete(key)
      this.presence.emptied(member.ref, member.topic)
    }
    if (member.followed.length > 0) void this.unfollow(member.ref, member.followed)
    this.bus.release(member.ref)
    if (!this.changeRefs().includes(member.ref)) this.publication.forget(member.ref)
  }

  members(ref: string, topic: string): ReadonlySet<Member> {
    return this.channels.get(channelKey(ref, topic)) ?? new Set()
  }

  /** Members of a project that follow database changes (subscribed: the publication covers them). */
  private changeMembers(ref: string): Member[] {
    const out: Member[] = []
    for (const [key, set] of this.channels) {
      if (!key.startsWith(`${ref}\u0000`)) continue
      for (const member of set) if (member.changesActive && member.bindings.length > 0) out.push(member)
    }
    return out
  }

  /** The projects with members here that follow database changes. */
  private changeRefs(): string[] {
    const refs = new Set<string>()
    for (const set of this.channels.values()) for (const member of set) if (member.changesActive && member.bindings.length > 0) refs.add(member.ref)
    return [...refs]
  }

  /**
   * Sends a broadcast to the channel's members here (its sender, a member, only if it asked for
   * `self`) and on the other instances: through NOTIFY when it fits one (under 8000 bytes), else
   * to this instance's members only (logged).
   */
  broadcast(ref: string, topic: string, event: string, payload: unknown, meta: unknown, from: Member | null): void {
    this.deliverBroadcast(ref, topic, { event, payload, meta }, from)
    this.publish(ref, topic, { i: this.instanceId, t: topic, e: event, p: portablePayload(payload), m: meta })
  }

  /** Sends a message to the other instances on the bus, when it fits a NOTIFY (else logged: this instance's members only). */
  private publish(ref: string, topic: string, message: Record<string, unknown>): void {
    if (!this.bus.listening(ref)) return
    const text = JSON.stringify(message)
    if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
      recordRealtimeEvent({ ref, level: 'warning', message: 'message too large to relay to other instances: this instance\'s members only', topic })
      return
    }
    void this.bus.publish(ref, REALTIME_BROADCAST_CHANNEL, text).catch((error: unknown) =>
      recordRealtimeEvent({ ref, level: 'error', message: `message not relayed to other instances: ${(error as Error).message}`, topic })
    )
  }

  private deliverBroadcast(ref: string, topic: string, broadcast: { event: string; payload: unknown; meta?: unknown }, from: Member | null): number {
    const frames = new Map<string, string | Buffer>()
    let delivered = 0
    for (const member of this.members(ref, topic)) {
      if ((member === from && !from.self) || !mayRead(member, 'broadcast')) continue
      const vsn = member.link.vsn
      let frame = frames.get(vsn)
      if (!frame) frames.set(vsn, (frame = encodeBroadcast(member.wire, broadcast, vsn)))
      if (member.link.send(frame)) delivered++
    }
    return delivered
  }

  /** A broadcast or a presence message another instance published. */
  private fromBus(ref: string, raw: string): void {
    let m: { i: string; t: string; k?: string; e?: string; p?: unknown; m?: unknown }
    try {
      m = JSON.parse(raw) as typeof m
    } catch {
      return // not ours
    }
    if (m.i === this.instanceId || typeof m.t !== 'string') return
    if (m.k === 'p' || m.k === 's' || m.k === 'q') return this.presence.received(ref, m as PresenceMessage)
    if (typeof m.e === 'string') this.deliverBroadcast(ref, m.t, { event: m.e, payload: fromPortablePayload(m.p), meta: m.m }, null)
  }

  close(): void {
    clearInterval(this.census)
    this.publication.close()
    for (const ref of this.connections.keys()) noteConnections(this.instanceId, ref, 0)
    this.connections.clear()
    this.bus.close()
    this.presence.close()
    this.channels.clear()
  }
}
