import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { contendedTries, sharedLocker } from '@/server/storage/resumable/locker'
import { usePostgres } from './helpers/platform'

/**
 * The locks of resumable uploads across instances (storage/resumable/locker.ts): two lockers with
 * pools of their own stand for two processes on one Postgres server. While one holds an upload,
 * the other's request for it waits, gets it once released, and gives up when its request ends.
 * Postgres only: on PGlite there is one process, and MemoryLocker is the lock.
 */
describe.skipIf(!usePostgres)('resumable upload locks across instances', () => {
  const pools: pg.Pool[] = []
  const instance = () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 4 })
    pools.push(pool)
    return sharedLocker(pool)
  }
  afterAll(async () => Promise.all(pools.map((p) => p.end())))

  const noRelease = () => {}
  const settled = (p: Promise<unknown>) => Promise.race([p.then(() => 'settled', () => 'settled'), new Promise((r) => setImmediate(() => r('pending')))])
  async function untilContended(times: number) {
    const start = contendedTries()
    await expect.poll(() => contendedTries() - start, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(times)
  }

  it('makes a request of another instance wait for the upload until the holder releases it', async () => {
    const [a, b] = [instance(), instance()]
    const id = `lock-test/tus/${Math.random().toString(16).slice(2)}`
    const held = a.newLock(id)
    await held.lock(new AbortController().signal, noRelease)

    const waiting = b.newLock(id)
    const acquired = waiting.lock(new AbortController().signal, noRelease)
    await untilContended(3)
    expect(await settled(acquired)).toBe('pending')

    // Another upload is not held up by this one.
    const other = b.newLock(`${id}-other`)
    await other.lock(new AbortController().signal, noRelease)
    await other.unlock()

    await held.unlock()
    await acquired
    // Now the first instance waits for the second.
    const again = a.newLock(id)
    const reacquired = again.lock(new AbortController().signal, noRelease)
    await untilContended(1)
    await waiting.unlock()
    await reacquired
    await again.unlock()
  })

  it('gives up with the lock timeout when the waiting request ends, and leaves the upload free', async () => {
    const [a, b] = [instance(), instance()]
    const id = `lock-test/tus/${Math.random().toString(16).slice(2)}`
    const held = a.newLock(id)
    await held.lock(new AbortController().signal, noRelease)
    const stop = new AbortController()
    const gaveUp = b.newLock(id).lock(stop.signal, noRelease)
    await untilContended(2)
    stop.abort()
    await expect(gaveUp).rejects.toMatchObject({ body: 'failed to acquire lock before timeout' })
    await held.unlock()
    // Nothing was left locked on either side.
    const next = b.newLock(id)
    await next.lock(new AbortController().signal, noRelease)
    await next.unlock()
  })

  it('frees the upload when the holding instance dies (its connection ends)', async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 })
    const a = sharedLocker(pool)
    const b = instance()
    const id = `lock-test/tus/${Math.random().toString(16).slice(2)}`
    const dead = a.newLock(id)
    await dead.lock(new AbortController().signal, noRelease)
    const taker = b.newLock(id)
    const acquired = taker.lock(new AbortController().signal, noRelease)
    await untilContended(1)
    // The instance is gone: its connection ends without an unlock.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_locks
        where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`
    )
    expect(rows).toEqual([{ ended: true }])
    await admin.end()
    await acquired
    await taker.unlock()
    // The dead holder's request ending later unlocks nothing of the new holder's, and does not throw.
    await dead.unlock()
    await pool.end()
  })
})
