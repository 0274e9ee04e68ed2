import crypto from 'node:crypto'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { startS3Store } from './helpers/s3-store'

/**
 * Issue 26: settings that cannot work stop the server at start with a sentence naming the setting.
 * A second server on the same store with another JWT_SECRET used to answer every project key
 * request with "Internal server error" ("Unsupported state or unable to authenticate data" in its
 * log); an S3 store that refuses the credentials failed on the first upload.
 */

describe('startup checks', () => {
  let platform: TestPlatform
  let s3: Awaited<ReturnType<typeof startS3Store>>
  const checks = () => import('@/server/startup-checks')
  const store = async () => (await import('@/server/db/store')).getStore()

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    s3 = await startS3Store('startup-files')
  }, 120_000)
  afterAll(async () => {
    await platform?.close()
    await s3?.close()
  })

  it('seals a check value with the first JWT secret, and a server with another one is stopped naming JWT_SECRET', async () => {
    const { sealCheckProblem } = await checks()
    const first = crypto.randomBytes(32)
    const db = await store()
    // The test platform does not run the checks: the store holds no check value until the first call seals one.
    await db.query('delete from platform.seal_check')
    expect(await sealCheckProblem(db, first)).toBeNull()
    // The same secret, again and from "another instance" with the same setting: fine.
    expect(await sealCheckProblem(db, Buffer.from(first))).toBeNull()
    const other = await sealCheckProblem(db, crypto.randomBytes(32))
    expect(other).toMatch(/^JWT_SECRET does not match the one this platform store/)
    expect(other).toMatch(/start every server that shares the store with the same JWT_SECRET/)
    // One row: the other secret sealed nothing of its own.
    expect((await db.query('select count(*)::int as n from platform.seal_check')).rows[0]).toEqual({ n: 1 })
  })

  it('checkStartup prints each problem and stops the process', async () => {
    const { checkStartup } = await checks()
    const db = await store()
    await db.query('delete from platform.seal_check')
    const { sealCheckProblem } = await checks()
    await sealCheckProblem(db, crypto.randomBytes(32)) // sealed by "another server", with another secret
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await checkStartup()
      expect(exit).toHaveBeenCalledWith(1)
      const lines = errors.mock.calls.map((c) => String(c[0]))
      expect(lines[0]).toMatch(/^\[startup\] JWT_SECRET does not match/)
      expect(lines.at(-1)).toBe('[startup] The server stops: fix the setting named above and start it again.')
    } finally {
      exit.mockRestore()
      errors.mockRestore()
      await db.query('delete from platform.seal_check')
    }
    // With the store sealed by this server's own secret, it starts.
    const exitAgain = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never)
    try {
      await checkStartup()
      expect(exitAgain).not.toHaveBeenCalled()
    } finally {
      exitAgain.mockRestore()
    }
  })

  it('names the S3 setting that is wrong: the keys, the bucket or the endpoint', async () => {
    const { s3Problem } = await checks()
    const good = { bucket: s3.bucket, endpoint: s3.env.STORAGE_S3_ENDPOINT, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }
    expect(await s3Problem(good)).toBeNull()
    expect(await s3Problem({ ...good, accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' })).toMatch(/^STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY: the S3 store at http:\/\/127\.0\.0\.1:\d+ refused them/)
    expect(await s3Problem({ ...good, bucket: 'no-such-bucket' })).toMatch(/^STORAGE_S3_BUCKET \(no-such-bucket\): the S3 store at .* has no such bucket/)
    // A loopback port nothing listens on.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo
        probe.close(() => resolve(port))
      })
    })
    expect(await s3Problem({ ...good, endpoint: `http://127.0.0.1:${closed}` })).toMatch(/^STORAGE_S3_ENDPOINT \(http:\/\/127\.0\.0\.1:\d+\): the S3 store could not be reached \(ECONNREFUSED\)/)
  })
})
