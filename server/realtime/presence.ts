import { channelKey, type Member } from './member'
import { mayRead } from './private-channels'

/**
 * Presence of a hub's channels: what its own members track, and what members of the other
 * instances track, learned from the bus (Postgres NOTIFY, bus.ts). A change here is sent to this
 * instance's presence members as a `presence_diff` and published for the others (`p`); an
 * instance whose channel gets a member asks the others for theirs (`q`), and they answer with
 * their state of it (`s`), which they also repeat every REFRESH_MS: an instance that vanished
 * without a word is forgotten once unheard for EXPIRE_MS (its presences leave). On PGlite there is
 * one instance and nothing is published.
 */

export type Meta = Record<string, unknown> & { phx_ref: string }
export type Presences = Record<string, { metas: Meta[] }>
type Diff = { joins: Presences; leaves: Presences }

/** What presence travels between instances as: a diff, a state, a question. */
export type PresenceMessage =
  | { k: 'p'; i: string; t: string; j: Presences; l: Presences }
  | { k: 's'; i: string; t: string; s: Presences }
  | { k: 'q'; i: string; t: string }

export type PresenceDeps = {
  instanceId: string
  /** This instance's members of a channel. */
  members(ref: string, topic: string): Iterable<Member>
  /** Publishes a message to the other instances (dropped when too large for the bus). */
  publish(ref: string, message: PresenceMessage): void
}

export const REFRESH_MS = 30_000
export const EXPIRE_MS = 90_000

type Remote = { presences: Presences; seen: number }

const isEmpty = (p: Presences) => Object.keys(p).length === 0

/** The metas of `a` not in `b` (by phx_ref), by key. */
function minus(a: Presences, b: Presences): Presences {
  const out: Presences = {}
  for (const [key, { metas }] of Object.entries(a)) {
    const refs = new Set((b[key]?.metas ?? []).map((m) => m.phx_ref))
    const left = metas.filter((m) => !refs.has(m.phx_ref))
    if (left.length > 0) out[key] = { metas: left }
  }
  return out
}

function merge(into: Presences, from: Presences): Presences {
  for (const [key, { metas }] of Object.entries(from)) (into[key] ??= { metas: [] }).metas.push(...metas)
  return into
}

export class PresenceTracker {
  /** channel -> presence key -> member id -> meta */
  private local = new Map<string, Map<string, Map<string, Meta>>>()
  /** channel -> instance -> its presences */
  private remote = new Map<string, Map<string, Remote>>()
  private refSeq = 0
  private timer: NodeJS.Timeout

  constructor(private readonly deps: PresenceDeps) {
    this.timer = setInterval(() => this.refresh(), REFRESH_MS)
    this.timer.unref()
  }

  private localState(key: string): Presences {
    const out: Presences = {}
    for (const [presenceKey, metas] of this.local.get(key) ?? []) out[presenceKey] = { metas: [...metas.values()] }
    return out
  }

  /** The channel's presences here and on the other instances, as `presence_state` sends them. */
  state(ref: string, topic: string): Presences {
    const key = channelKey(ref, topic)
    const out = this.localState(key)
    for (const r of this.remote.get(key)?.values() ?? []) merge(out, structuredClone(r.presences))
    return out
  }

  private tell(ref: string, topic: string, diff: Diff): void {
    if (isEmpty(diff.joins) && isEmpty(diff.leaves)) return
    for (const member of this.deps.members(ref, topic)) {
      if (member.presenceEnabled && mayRead(member, 'presence')) member.link.push(member.wire, 'presence_diff', diff, null, member.joinRef)
    }
  }

  private changed(member: Member, diff: Diff): void {
    this.tell(member.ref, member.topic, diff)
    this.deps.publish(member.ref, { k: 'p', i: this.deps.instanceId, t: member.topic, j: diff.joins, l: diff.leaves })
  }

  /** Tracks (or replaces) a member's presence. */
  track(member: Member, state: Record<string, unknown>): void {
    const key = channelKey(member.ref, member.topic)
    let map = this.local.get(key)
    if (!map) this.local.set(key, (map = new Map()))
    let metas = map.get(member.presenceKey)
    if (!metas) map.set(member.presenceKey, (metas = new Map()))
    const previous = metas.get(member.id)
    const meta: Meta = { ...state, phx_ref: `${this.deps.instanceId.slice(0, 8)}-${++this.refSeq}` }
    if (previous) meta.phx_ref_prev = previous.phx_ref
    metas.set(member.id, meta)
    this.changed(member, { joins: { [member.presenceKey]: { metas: [meta] } }, leaves: previous ? { [member.presenceKey]: { metas: [previous] } } : {} })
  }

  untrack(member: Member): void {
    const map = this.local.get(channelKey(member.ref, member.topic))
    const metas = map?.get(member.presenceKey)
    const meta = metas?.get(member.id)
    if (!map || !metas || !meta) return
    metas.delete(member.id)
    if (metas.size === 0) map.delete(member.presenceKey)
    this.changed(member, { joins: {}, leaves: { [member.presenceKey]: { metas: [meta] } } })
  }

  /** A member joined here: ask the other instances what they hold of its channel (once per channel's first member). */
  joined(ref: string, topic: string, first: boolean): void {
    if (first) this.deps.publish(ref, { k: 'q', i: this.deps.instanceId, t: topic })
  }

  /** The channel's last member here left: nothing of it is kept. */
  emptied(ref: string, topic: string): void {
    const key = channelKey(ref, topic)
    this.local.delete(key)
    this.remote.delete(key)
  }

  /** A message of another instance. */
  received(ref: string, m: PresenceMessage): void {
    if (m.i === this.deps.instanceId) return
    const key = channelKey(ref, m.t)
    if (m.k === 'q') {
      const mine = this.localState(key)
      if (!isEmpty(mine)) this.deps.publish(ref, { k: 's', i: this.deps.instanceId, t: m.t, s: mine })
      return
    }
    let instances = this.remote.get(key)
    if (!instances) {
      if (![...this.deps.members(ref, m.t)].length) return // no member here: nobody to tell
      this.remote.set(key, (instances = new Map()))
    }
    const known = instances.get(m.i) ?? { presences: {}, seen: 0 }
    let next: Presences
    let diff: Diff
    if (m.k === 's') {
      next = m.s
      diff = { joins: minus(m.s, known.presences), leaves: minus(known.presences, m.s) }
    } else {
      next = merge(minus(known.presences, m.l), m.j)
      diff = { joins: m.j, leaves: m.l }
    }
    instances.set(m.i, { presences: next, seen: Date.now() })
    this.tell(ref, m.t, diff)
  }

  /** Repeats this instance's states; forgets instances unheard for EXPIRE_MS. */
  private refresh(): void {
    for (const key of this.local.keys()) {
      const [ref, topic] = key.split('\u0000')
      const mine = this.localState(key)
      if (!isEmpty(mine)) this.deps.publish(ref, { k: 's', i: this.deps.instanceId, t: topic, s: mine })
    }
    const now = Date.now()
    for (const [key, instances] of this.remote) {
      const [ref, topic] = key.split('\u0000')
      for (const [instance, r] of instances) {
        if (now - r.seen < EXPIRE_MS) continue
        instances.delete(instance)
        this.tell(ref, topic, { joins: {}, leaves: r.presences })
      }
    }
  }

  close(): void {
    clearInterval(this.timer)
    this.local.clear()
    this.remote.clear()
  }
}
