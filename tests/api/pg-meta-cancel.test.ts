import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createOwnedProject } from './projects-helpers'

// The SQL editor's Cancel aborts its request; on a Postgres server the platform then cancels the
// statement too. PGlite runs statements in-process and cannot interrupt one, so this runs on
// Postgres only (CI runs the API tests on both).
describe.runIf(usePostgres)('cancelling a query', () => {
  let platform: TestPlatform
  let token: string
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const made = await createOwnedProject(platform, 'Cancel')
    token = made.owner.token
    ref = made.ref
  })
  afterAll(async () => platform?.close())

  it('stops the running statement when the client goes away', async () => {
    const controller = new AbortController()
    const running = fetch(`${platform.apiUrl}/platform/pg-meta/${ref}/query`, {
      method: 'POST',
      signal: controller.signal,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'x-connection-encrypted': 'test' },
      body: JSON.stringify({ query: 'select pg_sleep(30) as slept' }),
    }).catch((error: unknown) => error)

    // Watched from the platform's own (superuser) connection: project roles see only their own.
    const { getStore } = await import('@/server/db/store')
    const store = await getStore()
    const sleeping = async () => {
      const { rows } = await store.query<{ n: number }>(
        // The member's statement runs inside the jail's function (issue 9): the backend shows that call.
        `select count(*)::int as n from pg_stat_activity where usename = $1 and query like '%platform_jail.%' and state = 'active'`,
        [`project_${ref}_dashboard`]
      )
      return rows[0].n
    }
    await expect.poll(sleeping, { timeout: 10_000 }).toBe(1)
    controller.abort()
    expect(await running).toBeInstanceOf(Error)
    await expect.poll(sleeping, { timeout: 5_000 }).toBe(0)
  })
})
