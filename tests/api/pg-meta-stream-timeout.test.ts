import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SqlStreamLine } from '@/lib/api-types/sql'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

// A streamed result (server/projects/stream-query.ts) waits for a slow client, but not past the
// plan's statement timeout: a client that stops reading does not hold the database's session.
// PGlite only: there one held session blocks the whole database. On a Postgres server the sockets
// between this test and the platform took the whole 40 MB, so the platform never waited there.
describe.runIf(!usePostgres)('a streamed result read by a client that stops reading', () => {
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
    // The client reads no more. The session is released at the timeout: the database (one session) answers the next request.
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
