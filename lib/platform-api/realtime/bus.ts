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

type Link = { shared: boolean; ready: Promise<void>; publish(channel: string, payload: string): Promise<void>; close(): void }

/** A dedicated connection to a project's server database that listens on both channels, reconnecting while open. */
function serverLink(ref: string, url: string, handlers: BusHandlers): Link {
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | null = null
  let failing = false // an outage is logged once, not at every retry
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
  return { shared: false, ready: Promise.resolve(), publish: async () => {}, close: off }
}

/** The projects this instance listens on, each held by its members (one hold per channel member). */
export class ProjectBus {
  private links = new Map<string, { link: Link; holds: number }>()

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
