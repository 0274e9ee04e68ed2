import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { resetServerConfig } from '@/lib/config'
import { stopAllWorkers } from '@/server/functions/runtime'
import { seedPgliteDataDir } from './store-fixture'

/**
 * A real platform server for API tests, on a fresh store: PGlite in a temporary DATA_DIR, or,
 * when TEST_DATABASE_URL is set (scripts/with-postgres.sh), a fresh database on that server.
 */
export type TestPlatform = {
  /** e.g. http://127.0.0.1:PORT/dashboard/api */
  apiUrl: string
  /** e.g. http://127.0.0.1:PORT/dashboard/api/auth/v1 */
  gotrueUrl: string
  /** The project API's origin, its own port (issue 22): e.g. http://127.0.0.1:PORT2 */
  projectApiOrigin: string
  /** A project's API URL, as the dashboard shows it: `{projectApiOrigin}/{ref}` */
  projectUrl: (ref: string) => string
  dataDir: string
  databaseUrl: string | null
  kind: 'pglite' | 'postgres'
  request: (path: string, init?: TestRequestInit) => Promise<TestResponse>
  /**
   * Another HTTP server on the same store and databases with a realtime endpoint of its own (its
   * own channels and bus connections): a second dashboard instance, as far as realtime can tell.
   */
  startPeer: () => Promise<{ apiUrl: string; projectApiOrigin: string; projectUrl: (ref: string) => string; close: () => Promise<void> }>
  /**
   * Stops serving and closes the store and project databases, keeping DATA_DIR and the databases
   * (close() still removes them): another process may then open them, as a restarted server would.
   */
  suspend: () => Promise<void>
  /** Creates a user straight in the store and returns a bearer token for them. */
  createUser: (email?: string) => Promise<{ id: string; email: string; token: string }>
  close: () => Promise<void>
}

/** `rawBody` is sent as is: a string as UTF-8, bytes as they are (e.g. to send invalid UTF-8). */
export type TestRequestInit = { method?: string; token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> }
export type TestResponse = { status: number; body: any; headers: Headers }

export const usePostgres = Boolean(process.env.TEST_DATABASE_URL)

async function freshDatabase(adminUrl: string): Promise<string> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * `freshStore`: on PGlite, run initdb and every migration in this DATA_DIR instead of copying the
 * made-once store and project template (store-fixture.ts), for a test of that first start itself.
 */
export async function startTestPlatform(options: { isPlatform?: boolean; env?: Record<string, string>; freshStore?: boolean } = {}): Promise<TestPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-api-'))
  const databaseUrl = usePostgres ? await freshDatabase(process.env.TEST_DATABASE_URL!) : null
  if (!databaseUrl && !options.freshStore) await seedPgliteDataDir(dataDir)
  process.env.IS_PLATFORM = String(options.isPlatform ?? true)
  process.env.DATA_DIR = dataDir
  process.env.JWT_SECRET = crypto.randomBytes(32).toString('hex')
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl
  else delete process.env.DATABASE_URL
  const previous = Object.fromEntries(Object.keys(options.env ?? {}).map((k) => [k, process.env[k]]))
  for (const [k, v] of Object.entries(options.env ?? {})) process.env[k] = v
  resetServerConfig()
  const g = globalThis as Record<string, unknown>
  delete g.__jwtSecret

  const { platformHandler, authHandler } = await import('@/server/handlers')
  const { projectApiGateway, projectApiUpgrade } = await import('@/server/project-api/gateway')
  const { setProjectApiListeningPort } = await import('@/server/projects/api-endpoint')
  const { getStore, closeStore } = await import('@/server/db/store')
  const { closeAllProjectDatabases } = await import('@/server/projects/jobs')
  const { flushLogEvents } = await import('@/server/logs/recorder')
  const { insertUser } = await import('@/server/auth/users')
  const { startSession } = await import('@/server/auth/sessions')

  await closeStore()
  const db = await getStore()

  const { closeDefaultRealtimeServer, defaultRealtimeServer, RealtimeServer } = await import('@/server/realtime/server')

  const listen = async (server: http.Server) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }
  // As server.mjs: the dashboard's port (the platform and its auth service; nothing of a project),
  // and the project API's own port, through its gateway, with its realtime endpoint's upgrades.
  const serve = async (realtime: () => InstanceType<typeof RealtimeServer>) => {
    const server = http.createServer((req, res) => {
      if ((req.url ?? '').startsWith('/dashboard/api/auth/v1')) void authHandler(req, res)
      else void platformHandler(req, res)
    })
    const api = http.createServer((req, res) => void projectApiGateway(req, res))
    api.on('upgrade', (req, socket, head) => void projectApiUpgrade(req, socket, head, realtime()))
    const [port, apiPort] = await Promise.all([listen(server), listen(api)])
    const origin = `http://127.0.0.1:${apiPort}`
    return { servers: [server, api], apiPort, apiUrl: `http://127.0.0.1:${port}/dashboard/api`, origin, projectUrl: (ref: string) => `${origin}/${ref}` }
  }
  const main = await serve(defaultRealtimeServer)
  const { apiUrl } = main
  setProjectApiListeningPort(main.apiPort)
  const closeServer = (s: http.Server) => {
    s.closeAllConnections()
    return new Promise<void>((resolve) => s.close(() => resolve()))
  }
  const closeServers = (servers: http.Server[]) => Promise.all(servers.filter((s) => s.listening).map(closeServer))
  const startPeer = async () => {
    const realtime = new RealtimeServer()
    const peer = await serve(() => realtime)
    return { apiUrl: peer.apiUrl, projectApiOrigin: peer.origin, projectUrl: peer.projectUrl, close: async () => {
      await realtime.close()
      await closeServers(peer.servers)
    } }
  }

  const request = async (p: string, init: TestRequestInit = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) }
    if (init.token) headers.Authorization = `Bearer ${init.token}`
    let body: string | Uint8Array | undefined = init.rawBody
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers['Content-Type'] ??= 'application/json'
    }
    const res = await fetch(`${apiUrl}${p}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), headers, body: body as BodyInit | undefined })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      /* keep text */
    }
    return { status: res.status, body: parsed, headers: res.headers }
  }

  let n = 0
  const createUser = async (email?: string) => {
    const address = email ?? `user${++n}-${crypto.randomBytes(3).toString('hex')}@example.com`
    const user = await insertUser(db, { email: address, password: 'correct horse battery staple 42!' })
    const { access_token } = await startSession(db, user)
    return { id: user.id, email: user.email, token: access_token }
  }

  return {
    apiUrl,
    gotrueUrl: `${apiUrl}/auth/v1`,
    projectApiOrigin: main.origin,
    projectUrl: main.projectUrl,
    dataDir,
    databaseUrl,
    kind: db.kind,
    request,
    startPeer,
    createUser,
    suspend: async () => {
      await closeDefaultRealtimeServer()
      await closeServers(main.servers)
      await closeAllProjectDatabases()
      await flushLogEvents() // what the requests and the closes logged, before its store goes
      await closeStore()
    },
    close: async () => {
      await closeDefaultRealtimeServer()
      await closeServers(main.servers)
      setProjectApiListeningPort(null)
      await stopAllWorkers() // Edge Functions' workers: their DATA_DIR goes next
      await closeAllProjectDatabases()
      await flushLogEvents() // what the requests and the closes logged, before its store goes
      await closeStore()
      fs.rmSync(dataDir, { recursive: true, force: true })
      // Settings a test asked for end with its platform.
      for (const [k, v] of Object.entries(previous)) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
    },
  }
}
