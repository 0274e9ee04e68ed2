import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlStreamLine } from '@/lib/api-types/sql'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

// A streamed result (server/projects/stream-query.ts) waits for a slow client, but not past the
// plan's statement timeout: a client that stops reading does not hold the database's session.
describe('a streamed result read by a client that stops reading', () => {
  let platform: TestPlatform
  let token: string
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true, env: { STATEMENT_TIMEOUT_SECONDS: '3' } })
    const team = await createTeamProject(platform, 'Slow reader')
    token = team.developer.token
    ref = team.ref
  })
  afterAll(async () => platform?.close())

  it('ends at the timeout with an error line after the rows sent, and the database serves the next request', async () => {
    const res = await fetch(`${platform.apiUrl}/platform/pg-meta/${ref}/query`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'x-connection-encrypted': 'test' },
      // About 40 MB: far more than the sockets between here and the server hold.
      body: JSON.stringify({ query: `select i, repeat('z', 2000) as pad from generate_series(1, 20000) i` }),
    })
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    // The client reads no more. The session is released at the timeout: on PGlite (one session)
    // the next request is answered; on a server the backend leaves its transaction.
    if (usePostgres) {
      const { getStore } = await import('@/server/db/store')
      const store = await getStore()
      const waiting = async () => {
        const { rows } = await store.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where usename = $1 and state like 'idle in transaction%'`,
          [`project_${ref}_dashboard`]
        )
        return rows[0].n
      }
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1)
      await expect.poll(waiting, { timeout: 10_000 }).toBe(0)
    }
    const next = await sql(platform, token, ref, 'select 42 as answer')
    expect(next.status).toBe(200)
    expect(next.body.rows).toEqual([{ answer: 42 }])

    const decoder = new TextDecoder()
    let text = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    const lines = text.trimEnd().split('\n')
    const last = JSON.parse(lines[lines.length - 1]) as SqlStreamLine
    expect(last).toEqual({ error: expect.objectContaining({ code: '57014', message: 'statement timed out after 3 s' }) })
    const received = lines.slice(0, -1).filter((l) => l.startsWith('{"rows"')).flatMap((l) => (JSON.parse(l) as { rows: unknown[][] }).rows)
    expect(received.length).toBeLessThan(20000)
  })
})
