import pg from 'pg'
import { onProjectNotification, REALTIME_CHANGES_CHANNEL } from '../projects/notifications'
import { projectTarget } from '../projects/targets'

/**
 * Postgres as realtime's bus between instances. While an instance has members in a project's
 * channels it listens on the project database: on a Postgres server on a connection of its own
 * (LISTEN `realtime_changes`, the row triggers' channel, and `realtime_broadcast`, the other
 * instances' broadcasts), so a change or a broadcast made through one instance reaches the members
 * of every instance; on PGlite, which lives in this process alone, through the engine's own LISTEN
 * (projects/notifications.ts). A lost connection is opened again (what was notified meanwhile is
 * lost, as with any LISTEN).
 */

export const REALTIME_BROADCAST_CHANNEL = 'realtime_broadcast'
/** NOTIFY's payload limit is 8000 bytes. */
export const MAX_NOTIFY_BYTES = 7_900
const RECONNECT_MS = 1_000

export type BusHandlers = {
  change(ref: string, payload: string): void
  broadcast(ref: string, payload: string): void
}

/**
 * A project link. On a server, `follow` takes a shared advisory lock per followed table on the
 * link's own connection (kept across reconnects); `unfollow` releases it and answers whether no
 * instance follows the table any more (an exclusive lock on it was then taken: `done` drops it).
 * Dead instances lose their locks with their connections. PGlite has one instance: always true.
 */
type Link = {
  shared: boolean
  ready: Promise<void>
  publish(channel: string, payload: string): Promise<void>
  follow(key: string): Promise<void>
  unfollow(key: string): Promise<boolean>
  done(key: string): Promise<void>
  close(): void
}

const LOCK_KEY = 'pg_catalog.hashtextextended($1, 0)'
/** A followed table's lock name: `realtime:schema.table` (Postgres text holds no NUL). */
const lockText = (key: string) => `realtime:${key.replace('\u0000', '.')}`

/** A dedicated connection to a project's server database that listens on both channels, reconnecting while open. */
function serverLink(ref: string, url: string, handlers: BusHandlers): Link {
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | null = null
  let failing = false // an outage is logged once, not at every retry
  const followed = new Set<string>()
  const retry = () => {
    if (closed || timer) return
    timer = setTimeout(() => {
      timer = null
      connect().catch(() => retry())
    }, RECONNECT_MS)
  }
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: 'dashboard-realtime', keepAlive: true })
    c.on('notification', (n) => {
      if (n.channel === REALTIME_CHANGES_CHANNEL) handlers.change(ref, n.payload ?? '')
      else if (n.channel === REALTIME_BROADCAST_CHANNEL) handlers.broadcast(ref, n.payload ?? '')
    })
    c.on('error', (error) => {
      if (!failing) console.error(`[realtime] bus of project ${ref}: ${error.message}`)
      failing = true
    })
    c.on('end', () => {
      if (client === c) client = null
      retry()
    })
    try {
      await c.connect()
      await c.query(`listen ${REALTIME_CHANGES_CHANNEL}; listen ${REALTIME_BROADCAST_CHANNEL}`)
      for (const key of followed) await c.query(`select pg_catalog.pg_advisory_lock_shared(${LOCK_KEY})`, [lockText(key)])
    } catch (error) {
      void c.end().catch(() => {})
      throw error
    }
    if (closed) return void c.end().catch(() => {})
    failing = false
    client = c
  }
  return {
    shared: true,
    ready: connect(),
    async publish(channel, payload) {
      if (client) await client.query('select pg_catalog.pg_notify($1, $2)', [channel, payload])
    },
    async follow(key) {
      followed.add(key)
      if (client) await client.query(`select pg_catalog.pg_advisory_lock_shared(${LOCK_KEY})`, [lockText(key)])
    },
    async unfollow(key) {
      followed.delete(key)
      if (!client) return false
      await client.query(`select pg_catalog.pg_advisory_unlock_shared(${LOCK_KEY})`, [lockText(key)])
      const { rows } = await client.query<{ got: boolean }>(`select pg_catalog.pg_try_advisory_lock(${LOCK_KEY}) as got`, [lockText(key)])
      return rows[0]?.got === true
    },
    async done(key) {
      if (client) await client.query(`select pg_catalog.pg_advisory_unlock(${LOCK_KEY})`, [lockText(key)])
    },
    close() {
      closed = true
      if (timer) clearTimeout(timer)
      void client?.end().catch(() => {})
      client = null
    },
  }
}

/** PGlite: the engine listens itself; its notifications arrive in this process. Nothing to publish: there is one instance. */
function localLink(ref: string, handlers: BusHandlers): Link {
  const off = onProjectNotification(ref, (channel, payload) => {
    if (channel === REALTIME_CHANGES_CHANNEL) handlers.change(ref, payload)
  })
  return { shared: false, ready: Promise.resolve(), publish: async () => {}, follow: async () => {}, unfollow: async () => true, done: async () => {}, close: off }
}

/** The projects this instance listens on, each held by its members (one hold per channel member). */
export class ProjectBus {
  private links = new Map<string, { link: Link; holds: number }>()
  /** Members following each table, per project: `ref\u0000schema.table`. */
  private follows = new Map<string, number>()

  constructor(private readonly handlers: BusHandlers) {}

  /** Listens on the project while held; resolves once listening (a change made after it is heard). */
  async hold(ref: string): Promise<void> {
    let entry = this.links.get(ref)
    if (!entry) {
      const target = projectTarget(ref)
      const link = target.kind === 'postgres' ? serverLink(ref, target.url, this.handlers) : localLink(ref, this.handlers)
      entry = { link, holds: 0 }
      this.links.set(ref, entry)
      link.ready.catch(() => {
        if (this.links.get(ref) === entry) this.links.delete(ref)
        link.close()
      })
    }
    entry.holds++
    try {
      await entry.link.ready
    } catch (error) {
      entry.holds--
      throw error
    }
  }

  release(ref: string): void {
    const entry = this.links.get(ref)
    if (!entry || --entry.holds > 0) return
    this.links.delete(ref)
    entry.link.close()
  }

  /** Follows a table's changes (`schema.table`) while held; resolves once no instance can be dropping its trigger. */
  async follow(ref: string, key: string): Promise<void> {
    const entry = this.links.get(ref)
    if (!entry) return
    const k = `${ref}\u0000${key}`
    const n = (this.follows.get(k) ?? 0) + 1
    this.follows.set(k, n)
    if (n === 1) await entry.link.follow(key)
  }

  /**
   * Stops following a table; when no follower is left anywhere, runs `drop` (the trigger's removal)
   * under the table's exclusive lock, so no instance installs it meanwhile. Call before `release`.
   */
  async unfollow(ref: string, key: string, drop: () => Promise<void>): Promise<void> {
    const entry = this.links.get(ref)
    const k = `${ref}\u0000${key}`
    const n = (this.follows.get(k) ?? 0) - 1
    if (n > 0) return void this.follows.set(k, n)
    this.follows.delete(k)
    if (!entry || !(await entry.link.unfollow(key))) return
    try {
      await drop()
    } finally {
      await entry.link.done(key)
    }
  }

  /** Whether other instances may hear this one's broadcasts on the project (a server database this instance listens on). */
  listening(ref: string): boolean {
    return this.links.get(ref)?.link.shared === true
  }

  /** Notifies the other instances listening on the project (a server database only). */
  async publish(ref: string, channel: string, payload: string): Promise<void> {
    await this.links.get(ref)?.link.publish(channel, payload)
  }

  close(): void {
    for (const { link } of this.links.values()) link.close()
    this.links.clear()
  }
}
