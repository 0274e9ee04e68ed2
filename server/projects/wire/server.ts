import net from 'node:net'
import { getServerConfig } from '@/lib/config'
import { projectKind } from '../targets'
import { IDLE_IN_TRANSACTION_MS, serveWireClient } from './connection'
import { servedProjectRefs, storedPorts, storePort } from './port-store'

/**
 * Each PGlite project database served over the Postgres wire protocol on its own loopback port
 * (127.0.0.1 only), so `psql` and `pg` connect with the connection string the project page shows.
 * The ports of the active projects open when the server starts (`serveActiveProjectPorts`, from
 * instrumentation.ts), a project's when it becomes active (created, restored, restarted: jobs.ts),
 * and close when it is paused or removed (databases.ts). A project keeps its port across restarts
 * and pauses: the one stored for it (port-store.ts) when free, else the first free one of
 * PGLITE_PORT_BASE…+PGLITE_PORT_COUNT that no other project holds. Listening costs nothing: the
 * database is opened (or kept open) only while a client is connected, through the project
 * database cache, so idle closing and reopening work as for the dashboard.
 */

/** A client's statement running longer ends the database's worker (PGlite cannot cancel one) and the connection. */
export const WIRE_STATEMENT_TIMEOUT_MS = 5 * 60_000
export const WIRE_HOST = '127.0.0.1'

type Listener = { port: number; server: net.Server; clients: Set<net.Socket> }
/** `ports`: the ports of the listeners that are open, by ref (read without waiting on one still opening). */
type State = { listeners: Map<string, Promise<Listener>>; ports: Map<string, number>; idleInTransactionMs: number }

const g = globalThis as typeof globalThis & { __pgliteWirePorts?: State }
const state: State = (g.__pgliteWirePorts ??= { listeners: new Map(), ports: new Map(), idleInTransactionMs: IDLE_IN_TRANSACTION_MS })
state.ports ??= new Map() // a state made by an older copy of this module

/** Test hook: how long a client may keep a transaction open without a word (default IDLE_IN_TRANSACTION_MS). */
export function setWireIdleInTransactionMs(ms: number): void {
  state.idleInTransactionMs = ms
}

function statementTimeoutMs(): number {
  const cap = getServerConfig().statementTimeoutSeconds
  return cap ? Math.min(cap * 1000, WIRE_STATEMENT_TIMEOUT_MS) : WIRE_STATEMENT_TIMEOUT_MS
}

function listen(server: net.Server, port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(null)
      else reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve((server.address() as net.AddressInfo).port)
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen({ port, host: WIRE_HOST, exclusive: true })
  })
}

async function open(ref: string): Promise<Listener> {
  const { base, count, maxConnections } = getServerConfig().pglitePorts
  const clients = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    socket.setNoDelay(true)
    const tooMany = clients.size >= maxConnections
    clients.add(socket)
    socket.on('close', () => clients.delete(socket))
    void serveWireClient(socket, ref, { statementTimeoutMs: statementTimeoutMs(), idleInTransactionMs: state.idleInTransactionMs, tooMany })
  })
  server.unref() // a listening port alone does not keep the process alive
  const { own, others: taken } = await storedPorts(ref)
  // Never wait on another project's port still opening: two projects becoming active at once
  // would wait on each other for ever. One opening at the same moment may try the same port; the
  // system lets only one listen on it, and the other tries the next.
  for (const [other, port] of state.ports) if (other !== ref) taken.add(port)
  const range = base === 0 ? [0] : Array.from({ length: count }, (_, i) => base + i).filter((p) => p <= 65535)
  const ownStill = own !== null && !taken.has(own) && (base === 0 || range.includes(own))
  const candidates = [...(ownStill ? [own as number] : []), ...range.filter((p) => p !== own && !taken.has(p))]
  for (const candidate of candidates) {
    const port = await listen(server, candidate)
    if (port === null) continue
    try {
      if (port !== own) await storePort(ref, port)
    } catch (error) {
      server.close()
      throw error
    }
    state.ports.set(ref, port)
    return { port, server, clients }
  }
  throw new Error(`no free loopback port for project ${ref} in ${base}–${base + count - 1} (PGLITE_PORT_BASE, PGLITE_PORT_COUNT)`)
}

/** The project's loopback port, listening from now on (taken on first call). */
export function ensureWireListener(ref: string): Promise<number> {
  let listener = state.listeners.get(ref)
  if (!listener) {
    listener = open(ref)
    state.listeners.set(ref, listener)
    listener.catch(() => {
      if (state.listeners.get(ref) === listener) state.listeners.delete(ref)
    })
  }
  return listener.then((l) => l.port)
}

/** Stops the project's port and disconnects its clients (a removed project; tests). */
export async function closeWireListener(ref: string): Promise<void> {
  const pending = state.listeners.get(ref)
  if (!pending) return
  state.listeners.delete(ref)
  const listener = await pending.catch(() => null)
  if (!listener) return
  if (state.ports.get(ref) === listener.port) state.ports.delete(ref)
  for (const socket of listener.clients) socket.destroy()
  await new Promise<void>((resolve) => listener.server.close(() => resolve()))
}

/** Opens the project's port when its database is a PGlite one (a failure is logged: the detail shows the path). */
export async function serveProjectPort(ref: string): Promise<void> {
  if (projectKind(ref) !== 'pglite') return
  await ensureWireListener(ref).catch((error) => console.error(`[platform-api] project ${ref}: no loopback port`, error))
}

/** At server start: opens the ports of the projects serving their PGlite database, so their connection strings work at once. */
export async function serveActiveProjectPorts(): Promise<void> {
  if (getServerConfig().databaseUrl) return
  for (const ref of await servedProjectRefs()) await serveProjectPort(ref)
}

export async function closeAllWireListeners(): Promise<void> {
  await Promise.all([...state.listeners.keys()].map(closeWireListener))
}
