import crypto from 'node:crypto'
import { encodeBroadcast, fromPortablePayload, portablePayload } from './frames'
import { MAX_NOTIFY_BYTES, ProjectBus, REALTIME_BROADCAST_CHANNEL } from './bus'
import { ChangeFeed } from './changes'
import { channelKey, type Member } from './member'
import { recordRealtimeEvent } from '../logs/realtime-log'
import { recordRealtimeConnections } from '../billing/realtime-metering'

/**
 * The channels of one server's realtime endpoint: who is in which channel of which project,
 * their presences, and the fan-out of broadcasts (to the channel's other members, and to the
 * sender when it asked for `self`; to the members on other instances through the bus) and of
 * database changes (changes.ts). One per HTTP server (server.ts); tests may run two.
 */

type Meta = Record<string, unknown> & { phx_ref: string }
type PresenceMap = Map<string, Map<string, Meta>> // presence key -> member id -> meta
type Presences = Record<string, { metas: Meta[] }>

export class RealtimeHub {
  /** Tells this instance's broadcasts from the other instances' on the bus. */
  readonly instanceId = crypto.randomUUID()
  private channels = new Map<string, Set<Member>>()
  private presence = new Map<string, PresenceMap>()
  private connections = new Map<string, number>()
  private refSeq = 0
  readonly bus: ProjectBus
  readonly changes: ChangeFeed

  constructor() {
    this.changes = new ChangeFeed((ref) => this.changeMembers(ref))
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
  }

  /** Adds a member to its channel, listening on its project (resolves once changes will be heard). */
  async join(member: Member): Promise<void> {
    await this.bus.hold(member.ref)
    const key = channelKey(member.ref, member.topic)
    let set = this.channels.get(key)
    if (!set) this.channels.set(key, (set = new Set()))
    set.add(member)
  }

  /** Removes a member (its presence leaves with it). */
  leave(member: Member): void {
    const key = channelKey(member.ref, member.topic)
    const set = this.channels.get(key)
    if (!set?.delete(member)) return
    this.untrack(member)
    if (set.size === 0) {
      this.channels.delete(key)
      this.presence.delete(key)
    }
    this.bus.release(member.ref)
  }

  members(ref: string, topic: string): ReadonlySet<Member> {
    return this.channels.get(channelKey(ref, topic)) ?? new Set()
  }

  /** Members of a project that follow database changes. */
  private changeMembers(ref: string): Member[] {
    const out: Member[] = []
    for (const [key, set] of this.channels) {
      if (!key.startsWith(`${ref}\u0000`)) continue
      for (const member of set) if (member.bindings.length > 0) out.push(member)
    }
    return out
  }

  /**
   * Sends a broadcast to the channel's members here (its sender, a member, only if it asked for
   * `self`) and on the other instances: through NOTIFY when it fits one (under 8000 bytes), else
   * to this instance's members only (logged).
   */
  broadcast(ref: string, topic: string, event: string, payload: unknown, meta: unknown, from: Member | null): void {
    this.deliverBroadcast(ref, topic, { event, payload, meta }, from)
    const message = JSON.stringify({ i: this.instanceId, t: topic, e: event, p: portablePayload(payload), m: meta })
    if (Buffer.byteLength(message) > MAX_NOTIFY_BYTES) {
      if (this.bus.listening(ref)) recordRealtimeEvent({ ref, level: 'warning', message: 'broadcast too large to relay to other instances: sent to this instance\'s members only', topic })
      return
    }
    void this.bus.publish(ref, REALTIME_BROADCAST_CHANNEL, message).catch((error: unknown) =>
      recordRealtimeEvent({ ref, level: 'error', message: `broadcast not relayed to other instances: ${(error as Error).message}`, topic })
    )
  }

  private deliverBroadcast(ref: string, topic: string, broadcast: { event: string; payload: unknown; meta?: unknown }, from: Member | null): number {
    const frames = new Map<string, string | Buffer>()
    let delivered = 0
    for (const member of this.members(ref, topic)) {
      if (member === from && !from.self) continue
      const vsn = member.link.vsn
      let frame = frames.get(vsn)
      if (!frame) frames.set(vsn, (frame = encodeBroadcast(topic, broadcast, vsn)))
      if (member.link.send(frame)) delivered++
    }
    return delivered
  }

  /** A broadcast another instance published. */
  private fromBus(ref: string, raw: string): void {
    try {
      const m = JSON.parse(raw) as { i: string; t: string; e: string; p: unknown; m?: unknown }
      if (m.i === this.instanceId || typeof m.t !== 'string' || typeof m.e !== 'string') return
      this.deliverBroadcast(ref, m.t, { event: m.e, payload: fromPortablePayload(m.p), meta: m.m }, null)
    } catch {
      // not ours
    }
  }

  /** The channel's presences, as `presence_state` sends them. */
  presenceState(ref: string, topic: string): Presences {
    const out: Presences = {}
    for (const [key, metas] of this.presence.get(channelKey(ref, topic)) ?? []) out[key] = { metas: [...metas.values()] }
    return out
  }

  /** Tracks (or replaces) the member's presence; the channel's presence members get the diff. */
  track(member: Member, state: Record<string, unknown>): void {
    const key = channelKey(member.ref, member.topic)
    let map = this.presence.get(key)
    if (!map) this.presence.set(key, (map = new Map()))
    let metas = map.get(member.presenceKey)
    if (!metas) map.set(member.presenceKey, (metas = new Map()))
    const previous = metas.get(member.id)
    const meta: Meta = { ...state, phx_ref: `${this.instanceId.slice(0, 8)}-${++this.refSeq}` }
    if (previous) meta.phx_ref_prev = previous.phx_ref
    metas.set(member.id, meta)
    const leaves = previous ? { [member.presenceKey]: { metas: [previous] } } : {}
    this.presenceDiff(member, { joins: { [member.presenceKey]: { metas: [meta] } }, leaves })
  }

  untrack(member: Member): void {
    const map = this.presence.get(channelKey(member.ref, member.topic))
    const metas = map?.get(member.presenceKey)
    const meta = metas?.get(member.id)
    if (!map || !metas || !meta) return
    metas.delete(member.id)
    if (metas.size === 0) map.delete(member.presenceKey)
    this.presenceDiff(member, { joins: {}, leaves: { [member.presenceKey]: { metas: [meta] } } })
  }

  private presenceDiff(member: Member, diff: { joins: Presences; leaves: Presences }): void {
    for (const other of this.members(member.ref, member.topic)) {
      if (other.presenceEnabled) other.link.push(member.topic, 'presence_diff', diff, null, other.joinRef)
    }
  }

  close(): void {
    this.bus.close()
    this.channels.clear()
    this.presence.clear()
  }
}
