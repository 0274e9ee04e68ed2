import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server'
import pg from 'pg'
import { getServerConfig } from '@/lib/config'

/**
 * The locks of resumable uploads. tus serializes the requests of one upload (the PATCH that
 * appends, the HEAD that resumes, the DELETE) with a lock per upload id. Within a process
 * @tus/server's MemoryLocker does it, and asks a holder to let go when another request wants the
 * upload (a client that reconnected while its old request still hangs). Instances sharing one
 * Postgres server may each get a request of the same upload, so there the lock is also a Postgres
 * advisory lock on the upload's id, taken after the process's own and released before it, held
 * on a connection of a small pool for the request's length. Postgres releases it by itself when
 * that connection ends, so a killed instance holds nothing. On PGlite there is one process: its
 * own lock is the lock.
 */

/** How long a request waits for an upload another request holds (as MemoryLocker's default). */
export const ACQUIRE_TIMEOUT_MS = 30_000
/** Waits between tries of a lock held elsewhere: short first (a holder that is finishing). */
const RETRY_MS = [5, 10, 25, 50, 100, 200]
/** Connections holding locks at once, per process: appends under way beyond it wait for one. */
const POOL_MAX = 20

type State = { pool: pg.Pool | null; locker: Locker | null; url: string | null; contended: number }
const g = globalThis as typeof globalThis & { __tusLocks?: State }
const state = (g.__tusLocks ??= { pool: null, locker: null, url: null, contended: 0 })

const watched = new WeakSet<pg.PoolClient>()

/** How many tries found an upload locked by another process (tests read it to see the wait). */
export const contendedTries = () => state.contended

const TRY_SQL = 'select pg_try_advisory_lock(hashtextextended($1, 0)) as ok'
const UNLOCK_SQL = 'select pg_advisory_unlock(hashtextextended($1, 0))'

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
  })
}

/** A connection holding the advisory lock of `id`; ERR_LOCK_TIMEOUT once `signal` aborts or the time is up. */
async function acquireShared(pool: pg.Pool, id: string, signal: AbortSignal): Promise<pg.PoolClient> {
  const deadline = Date.now() + ACQUIRE_TIMEOUT_MS
  const client = await pool.connect()
  if (!watched.has(client)) {
    // A held connection that ends (the server restarts) must not end the process; the lock went with it.
    client.on('error', () => {})
    watched.add(client)
  }
  try {
    for (let attempt = 0; ; attempt++) {
      const { rows } = await client.query<{ ok: boolean }>(TRY_SQL, [id])
      if (rows[0]?.ok) return client
      state.contended++
      if (signal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT
      await wait(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)], signal)
    }
  } catch (error) {
    client.release()
    throw error
  }
}

class SharedLock implements Lock {
  private held: pg.PoolClient | null = null

  constructor(
    private readonly id: string,
    private readonly local: Lock,
    private readonly pool: pg.Pool
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.local.lock(signal, requestRelease)
    try {
      this.held = await acquireShared(this.pool, this.id, signal)
    } catch (error) {
      await this.local.unlock()
      throw error
    }
  }

  async unlock(): Promise<void> {
    const client = this.held
    this.held = null
    try {
      if (client) {
        // A connection that cannot unlock is ended, which unlocks too.
        await client.query(UNLOCK_SQL, [this.id]).then(
          () => client.release(),
          (error: Error) => client.release(error)
        )
      }
    } finally {
      await this.local.unlock()
    }
  }
}

/** A locker whose locks hold across processes through `pool`'s Postgres server. */
export function sharedLocker(pool: pg.Pool): Locker {
  const local = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS })
  return { newLock: (id) => new SharedLock(id, local.newLock(id), pool) }
}

/**
 * The locker of this process (one, so its own locks are shared by every request): through the
 * platform's Postgres server when there is one. Asked per request, so a test that moves the
 * platform to another database gets a locker of that one.
 */
export function resumableLocker(): Locker {
  const url = getServerConfig().databaseUrl
  if (state.locker && state.url === url) return state.locker
  void state.pool?.end().catch(() => {})
  state.pool = null
  state.url = url
  if (!url) return (state.locker = new MemoryLocker({ acquireLockTimeout: ACQUIRE_TIMEOUT_MS }))
  state.pool = new pg.Pool({ connectionString: url, max: POOL_MAX, idleTimeoutMillis: 10_000 })
  state.pool.on('error', () => {}) // an idle connection's end; the next lock opens another
  return (state.locker = sharedLocker(state.pool))
}
