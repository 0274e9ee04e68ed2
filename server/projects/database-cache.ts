import type { Db, SqlParam } from '../db/types'
import type { Engine, ProjectSession, SessionOptions } from './engines'
import { configuredLimits, EVICT_GRACE_MS, OPEN_WAIT_MS, type DatabaseLimits } from './database-limits'
import { openProjectEngine } from './engine-open'
import { projectTarget, type ProjectTarget } from './targets'

/**
 * Open project databases, kept on globalThis (Next reloads modules; one PGlite per directory).
 *
 * Bounded memory: an open PGlite costs about 110 MB of RSS here (its worker thread, WASM memory
 * and code, the contrib bundles in its file system, PGLITE_SHARED_BUFFERS_MB of shared buffers:
 * bench/memory.mjs), so at most PGLITE_MAX_OPEN stay open, least recently used closed first, and
 * any closes after PROJECT_DB_IDLE_SECONDS unused (config `projectDatabases`); its loopback port
 * stays open and the next turn reopens it (wire/). A server database costs a pool of at most
 * PROJECT_DB_POOL_SIZE connections (10 by default, closed after 10 s idle: a busy project's
 * API requests run side by side); at most MAX_OPEN_POSTGRES pools stay open.
 * A database in use is never closed under its user: every use holds it (`active`, from before its
 * open until its `release`), eviction and the idle timer skip it, and an explicit close waits
 * until its last user is done. Opens of one ref share one promise. Realtime loses nothing by a
 * close: on PGlite every change comes through this process's engine, which LISTENs again from
 * each open (pglite-engine.ts), so a closed database has no change to tell.
 */
type Handle = {
  ref: string
  kind: ProjectTarget['kind']
  engine: Promise<Engine>
  active: number
  lastUsed: number
  timer: NodeJS.Timeout | null
  onDrained: (() => void)[]
  closed: Promise<void> | null
}

type CacheState = {
  handles: Map<string, Handle>
  closing: Map<string, Promise<void>>
  /** Read from the server's settings on first use (not at import: browser-side tests import modules that import this one). */
  limits: DatabaseLimits | null
  /** Closes the databases over the cap once their grace has passed (evictOverCap). */
  evictTimer?: NodeJS.Timeout | null
  /** PGlite databases on their way out (still in memory), and rooms promised to opens about to start. */
  pgliteClosing: number
  pgliteReserved: number
  /** Opens waiting for room under the PGlite cap (pgliteRoom), woken when a database is released or closed. */
  roomWaiters: Set<() => void>
  /** One PGlite cluster is created at a time: initdb briefly needs several hundred MB. */
  provisioning: Promise<unknown>
}

const g = globalThis as typeof globalThis & { __projectDatabases?: CacheState }
const state: CacheState = (g.__projectDatabases ??= {
  handles: new Map(),
  closing: new Map(),
  limits: null,
  provisioning: Promise.resolve(),
  pgliteClosing: 0,
  pgliteReserved: 0,
  roomWaiters: new Set(),
})
state.pgliteClosing ??= 0 // a state made by an older copy of this module
state.pgliteReserved ??= 0
state.roomWaiters ??= new Set()
if (state.limits) state.limits.openWaitMs ??= OPEN_WAIT_MS
if (state.limits) state.limits.evictGraceMs ??= EVICT_GRACE_MS

const limits = () => (state.limits ??= configuredLimits())

/** Test hook: change the cache limits. */
export function setProjectDatabaseLimits(changed: Partial<DatabaseLimits>): void {
  Object.assign(limits(), changed)
  for (const handle of state.handles.values()) if (handle.active === 0) scheduleIdleClose(handle)
  if (state.evictTimer) clearTimeout(state.evictTimer)
  state.evictTimer = null
  evictOverCap('pglite')
  evictOverCap('postgres')
}

/** Refs whose databases are open now (least recently used first). */
export function openProjectDatabaseRefs(): string[] {
  return [...state.handles.keys()]
}

/** How many uses hold the project's database now (0: idle or closed); tests wait on it. */
export function projectDatabaseUsers(ref: string): number {
  return state.handles.get(ref)?.active ?? 0
}

/** How many opens wait for room under the PGlite cap now; tests wait on it. */
export function pgliteOpensWaiting(): number {
  return state.roomWaiters.size
}

async function openEngine(target: ProjectTarget, create: boolean): Promise<Engine> {
  await state.closing.get(target.ref) // never two PGlite instances on one directory
  return openProjectEngine(target, create)
}

function closeHandle(handle: Handle): Promise<void> {
  if (handle.closed) return handle.closed
  if (state.handles.get(handle.ref) === handle) state.handles.delete(handle.ref)
  if (handle.timer) clearTimeout(handle.timer)
  const previous = state.closing.get(handle.ref)
  const closing = (async () => {
    await previous
    if (handle.active > 0) await new Promise<void>((resolve) => handle.onDrained.push(resolve))
    const engine = await handle.engine.catch(() => null)
    await engine?.close().catch((error) => console.error(`[platform-api] closing project ${handle.ref} failed`, error))
  })()
  handle.closed = closing
  state.closing.set(handle.ref, closing)
  if (handle.kind === 'pglite') {
    state.pgliteClosing++
    void closing.finally(() => {
      state.pgliteClosing--
      wakeRoomWaiters()
    })
  }
  void closing.finally(() => {
    if (state.closing.get(handle.ref) === closing) state.closing.delete(handle.ref)
  })
  return closing
}

function wakeRoomWaiters(): void {
  for (const wake of [...state.roomWaiters]) wake()
}

/**
 * Waits for room to open one more PGlite database, so that memory stays bounded under load on
 * more projects than the cap: fewer than the cap open, closing or about to open; else the least
 * recently used idle one is closed to make room (one at a time) and the open waits for it. When
 * every open database stays busy for `openWaitMs`, it goes ahead and passes the cap until one is
 * released: a use that needs two databases at once must never wait for ever. Promises a room
 * (`pgliteReserved`), which the caller takes back once its handle is in the map.
 */
async function pgliteRoom(): Promise<void> {
  const deadline = Date.now() + limits().openWaitMs
  for (;;) {
    const open = [...state.handles.values()].filter((h) => h.kind === 'pglite')
    const left = deadline - Date.now()
    if (open.length + state.pgliteClosing + state.pgliteReserved < limits().maxOpenPglite || left <= 0) {
      state.pgliteReserved++
      return
    }
    const idle = state.pgliteClosing === 0 ? open.find((h) => graceLeft(h) === 0) : undefined
    if (idle) void closeHandle(idle)
    const graces = open.map(graceLeft).filter((ms) => ms > 0 && Number.isFinite(ms))
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        state.roomWaiters.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, Math.min(left, ...graces))
      state.roomWaiters.add(wake)
    })
  }
}

/** Ms until an open database may be closed to keep the cap: 0 now, Infinity while in use. */
function graceLeft(handle: Handle): number {
  if (handle.active > 0) return Infinity
  return handle.kind === 'pglite' ? Math.max(0, handle.lastUsed + limits().evictGraceMs - Date.now()) : 0
}

function evictOverCap(kind: Handle['kind']): void {
  const cap = kind === 'pglite' ? limits().maxOpenPglite : limits().maxOpenPostgres
  const sameKind = [...state.handles.values()].filter((h) => h.kind === kind)
  let excess = sameKind.length - cap
  let recheck = Infinity
  for (const handle of sameKind) {
    if (excess <= 0) break
    const wait = graceLeft(handle)
    if (wait > 0) {
      recheck = Math.min(recheck, wait)
      continue
    }
    void closeHandle(handle)
    excess--
  }
  if (excess > 0 && Number.isFinite(recheck) && !state.evictTimer) {
    state.evictTimer = setTimeout(() => {
      state.evictTimer = null
      evictOverCap(kind)
    }, recheck)
    state.evictTimer.unref()
  }
}

function scheduleIdleClose(handle: Handle): void {
  if (handle.timer) clearTimeout(handle.timer)
  handle.timer = setTimeout(() => {
    if (handle.active === 0 && state.handles.get(handle.ref) === handle) void closeHandle(handle)
  }, limits().idleCloseMs)
  handle.timer.unref()
}

/** Borrows the open database of a project (opening it when needed); call `release` when done. */
async function acquire(ref: string, options: { create?: boolean } = {}): Promise<{ engine: Engine; release: () => void }> {
  let handle = state.handles.get(ref)
  let reserved = false
  if (!handle && projectTarget(ref).kind === 'pglite') {
    await pgliteRoom()
    reserved = true
    handle = state.handles.get(ref) // opened by another user meanwhile
  }
  if (handle) {
    state.handles.delete(ref) // re-insert: the map's order is least recently used first
    state.handles.set(ref, handle)
  } else {
    const target = projectTarget(ref)
    const created: Handle = {
      ref,
      kind: target.kind,
      engine: openEngine(target, options.create ?? false),
      active: 0,
      lastUsed: Date.now(),
      timer: null,
      onDrained: [],
      closed: null,
    }
    created.engine.catch(() => {
      if (state.handles.get(ref) === created) state.handles.delete(ref)
      wakeRoomWaiters()
    })
    state.handles.set(ref, created)
    handle = created
  }
  if (reserved) state.pgliteReserved--
  const current = handle
  current.active++
  if (current.timer) clearTimeout(current.timer)
  let engine: Engine
  try {
    engine = await current.engine
  } catch (error) {
    current.active--
    throw error
  }
  evictOverCap(current.kind)
  let released = false
  return {
    engine,
    release() {
      if (released) return
      released = true
      current.active--
      current.lastUsed = Date.now()
      if (current.active === 0) {
        for (const resolve of current.onDrained.splice(0)) resolve()
        scheduleIdleClose(current)
        evictOverCap(current.kind) // the cap may have been passed while every database was busy
        if (current.kind === 'pglite') wakeRoomWaiters()
      }
    },
  }
}

export async function withEngine<T>(ref: string, fn: (engine: Engine) => Promise<T>, options?: { create?: boolean }): Promise<T> {
  const { engine, release } = await acquire(ref, options)
  try {
    return await fn(engine)
  } finally {
    release()
  }
}

/** Closes the project's database in this process (waits for its current users). */
export async function closeProjectDatabase(ref: string): Promise<void> {
  const handle = state.handles.get(ref)
  if (handle) await closeHandle(handle)
  await state.closing.get(ref)
}

/** Closes every open project database; `closeAllProjectDatabases` (jobs.ts) first lets the jobs under way end. */
export async function closeOpenProjectDatabases(): Promise<void> {
  await Promise.all([...state.handles.values()].map((handle) => closeHandle(handle)))
  await Promise.all([...state.closing.values()])
}

/**
 * Closes the open project databases nobody is using now, without waiting for their idle time:
 * for databases the server opened for itself (the demo's seeding at start), which no user is
 * about to use; the next request opens them again.
 */
export async function closeIdleProjectDatabases(): Promise<void> {
  await Promise.all([...state.handles.values()].filter((handle) => handle.active === 0).map((handle) => closeHandle(handle)))
}

/** Runs PGlite provisionings one after another in this process (copying the template, initdb). */
export function oneProvisioningAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const job = state.provisioning.then(fn)
  state.provisioning = job.catch(() => undefined)
  return job
}
