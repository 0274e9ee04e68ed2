import crypto from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import type { Db, SqlParam } from '../db/types'
import { getStore } from '../db/store'
import { getServerConfig } from '@/lib/config'
import type { Engine, ProjectSession, SessionOptions } from './engines'
import { openPgliteEngine } from './pglite-engine'
import { openPostgresEngine } from './postgres-engine'
import { apiRolesSetupSql } from './api-roles'
import { projectAuthTablesSql } from './auth-tables'
import { projectStorageTablesSql } from './storage-tables'
import { realtimeMessagesSql } from '../realtime/messages-table'
import { projectSetupSql, quoteIdent, type ProjectRoles } from './jail'
import { isReady } from './pglite-files'
import { emitProjectNotification, PROJECT_LISTEN_CHANNELS } from './notifications'
import { realtimeSetupSql } from '../realtime/setup-sql'
import { apiLoginRoleSql, connectionLoginGrantSql, connectionLoginRoleSql, syncDashboardRolePassword } from './server-databases'
import { projectRoleNames, projectTarget, type ProjectTarget } from './targets'

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
export const MAX_OPEN_POSTGRES = 32

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
  limits: { maxOpenPglite: number; maxOpenPostgres: number; idleCloseMs: number }
  /** One PGlite cluster is created at a time: initdb briefly needs several hundred MB. */
  provisioning: Promise<unknown>
}

/** The limits the server's settings give (PROJECT_DB_IDLE_SECONDS, PGLITE_MAX_OPEN). */
export function configuredLimits(): CacheState['limits'] {
  const { idleCloseMs, maxOpenPglite } = getServerConfig().projectDatabases
  return { maxOpenPglite, maxOpenPostgres: MAX_OPEN_POSTGRES, idleCloseMs }
}

const g = globalThis as typeof globalThis & { __projectDatabases?: CacheState }
const state: CacheState = (g.__projectDatabases ??= {
  handles: new Map(),
  closing: new Map(),
  limits: configuredLimits(),
  provisioning: Promise.resolve(),
})

/** Test hook: change the cache limits. */
export function setProjectDatabaseLimits(limits: Partial<CacheState['limits']>): void {
  Object.assign(state.limits, limits)
  for (const handle of state.handles.values()) if (handle.active === 0) scheduleIdleClose(handle)
}

/** Refs whose databases are open now (least recently used first). */
export function openProjectDatabaseRefs(): string[] {
  return [...state.handles.keys()]
}

async function openEngine(target: ProjectTarget, create: boolean): Promise<Engine> {
  await state.closing.get(target.ref) // never two PGlite instances on one directory
  if (target.kind === 'pglite') {
    if (!create && !target.isDefault && !isReady(target.dir)) {
      throw new Error(`The database of project ${target.ref} is not provisioned`)
    }
    fs.mkdirSync(target.dir, { recursive: true })
    const engine = await openPgliteEngine(target.dir, {
      sharedBuffersMb: getServerConfig().projectDatabases.pgliteSharedBuffersMb,
      listen: { channels: PROJECT_LISTEN_CHANNELS, onNotification: (channel, payload) => emitProjectNotification(target.ref, channel, payload) },
    })
    try {
      // The platform's privileged session (PGlite's own superuser), platform text only.
      await engine.db.exec(setupSql(projectRoleNames(target.ref), null, true))
    } catch (error) {
      await engine.close().catch(() => {})
      throw error
    }
    return engine
  }
  await setUpServerDatabase(target)
  try {
    return await openPostgresEngine(target.url, { max: getServerConfig().projectDbPoolSize, apiUrl: target.apiUrl, adminUrl: target.adminUrl })
  } catch (error) {
    // 28P01: the platform secret changed since the role was made; set its password again.
    if ((error as { code?: string }).code !== '28P01' || !target.roles) throw error
    await syncDashboardRolePassword(await getStore(), target.ref)
    return openPostgresEngine(target.url, { max: getServerConfig().projectDbPoolSize, apiUrl: target.apiUrl, adminUrl: target.adminUrl })
  }
}

/** The project's roles, the project API's roles (cluster-wide on a server) and their jails, its users' tables and its storage schema. */
function setupSql(roles: ProjectRoles, caller: string | null, singleTenant: boolean): string {
  return projectSetupSql(roles, caller, { singleTenant }) + apiRolesSetupSql(roles, caller) + projectAuthTablesSql(roles, caller) + projectStorageTablesSql(roles) + realtimeSetupSql() + realtimeMessagesSql(roles)
}

/** The roles and the jail on a server database, through the platform's privileged role. */
async function setUpServerDatabase(target: Extract<ProjectTarget, { kind: 'postgres' }>): Promise<void> {
  const admin = new pg.Client({ connectionString: target.adminUrl, application_name: 'dashboard-platform' })
  await admin.connect()
  try {
    await admin.query(setupSql(projectRoleNames(target.ref), target.roles?.dashboard ?? null, false))
    await admin.query(apiLoginRoleSql(target.ref, target.databaseName))
    if (target.roles) {
      // Databases from before issue 22: the owner role loses LOGIN; its password (which member SQL
      // could have set) is not carried over, so an Admin sets the connection string's password again.
      await admin.query(connectionLoginRoleSql(target.ref, crypto.randomBytes(24).toString('base64url'), true))
      await admin.query(connectionLoginGrantSql(target.ref, target.databaseName))
    }
    if (target.roles) await admin.query(`alter role ${quoteIdent(target.roles.dashboard)} reset role`)
  } finally {
    await admin.end().catch(() => {})
  }
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
  void closing.finally(() => {
    if (state.closing.get(handle.ref) === closing) state.closing.delete(handle.ref)
  })
  return closing
}

function evictOverCap(kind: Handle['kind']): void {
  const cap = kind === 'pglite' ? state.limits.maxOpenPglite : state.limits.maxOpenPostgres
  const sameKind = [...state.handles.values()].filter((h) => h.kind === kind)
  let excess = sameKind.length - cap
  for (const handle of sameKind) {
    if (excess <= 0) break
    if (handle.active > 0) continue
    void closeHandle(handle)
    excess--
  }
}

function scheduleIdleClose(handle: Handle): void {
  if (handle.timer) clearTimeout(handle.timer)
  handle.timer = setTimeout(() => {
    if (handle.active === 0 && state.handles.get(handle.ref) === handle) void closeHandle(handle)
  }, state.limits.idleCloseMs)
  handle.timer.unref()
}

/** Borrows the open database of a project (opening it when needed); call `release` when done. */
async function acquire(ref: string, options: { create?: boolean } = {}): Promise<{ engine: Engine; release: () => void }> {
  let handle = state.handles.get(ref)
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
    })
    state.handles.set(ref, created)
    handle = created
  }
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

/**
 * A project's database as a `Db`. Each call borrows the open database, so the object stays valid
 * when the cache closes the database in between: the next call opens it again.
 */
export async function getProjectDb(ref: string): Promise<Db> {
  const { kind } = projectTarget(ref)
  await withEngine(ref, async () => undefined) // fail now, not on first use, when it cannot open
  return {
    kind,
    query: <T>(sql: string, params?: SqlParam[]) => withEngine(ref, (e) => e.db.query<T>(sql, params)),
    exec: (sql: string) => withEngine(ref, (e) => e.db.exec(sql)),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => withEngine(ref, (e) => e.db.transaction(fn)),
    async close() {},
  }
}

/** Runs `fn` on a private session of the project's database (see `Engine.session`). */
export function withProjectSession<T>(ref: string, fn: (session: ProjectSession) => Promise<T>, options?: SessionOptions): Promise<T> {
  return withEngine(ref, (engine) => engine.session(fn, options))
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

/** Runs PGlite provisionings one after another in this process (copying the template, initdb). */
export function oneProvisioningAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const job = state.provisioning.then(fn)
  state.provisioning = job.catch(() => undefined)
  return job
}
