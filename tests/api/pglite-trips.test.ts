import { describe, expect, it } from 'vitest'
import type { PgliteWorkerClient } from '@/server/db/pglite-worker-client'
import { StatementTimeoutError as WorkerStatementTimeoutError, type BatchResults } from '@/server/db/pglite-worker-protocol'
import { StatementTimeoutError } from '@/server/projects/engines'
import { TripNotRun, tripLine } from '@/server/projects/pglite-trips'

/**
 * The line of whole requests on PGlite (issue 23), against a worker that answers as PGlite's
 * execBatch does: how requests share a message, and what each gets when one of them fails or the
 * worker is ended. (What the requests then see of each other is tests/api/rest-request-reset.)
 */
type Sent = { sql: string; keep: number[]; timeoutMs?: number }

/** A worker whose every statement is `select N` answering N; `fail` names a statement (by its N) that errors. */
function fakeClient(options: { fail?: number; end?: Error } = {}) {
  const sent: Sent[] = []
  const client = {
    async execBatch(sql: string, keep: number[], _recover: string[], callOptions?: { timeoutMs?: number }): Promise<BatchResults> {
      sent.push({ sql, keep, timeoutMs: callOptions?.timeoutMs })
      // An ended worker answers once the message's time is up, as the client's timer ends it.
      await new Promise((r) => setTimeout(r, options.end ? (callOptions?.timeoutMs ?? 0) + 5 : 5))
      if (options.end) throw options.end
      const statements = sql.split(';').map((s) => s.trim())
      const failAt = statements.findIndex((s) => s === `select ${options.fail}`)
      const ran = failAt < 0 ? statements.length : failAt
      const results = keep.filter((i) => i < ran).map((i) => ({ rows: [{ n: statements[i] }], fields: [], command: 'SELECT', rowCount: 1 }))
      return { results, ran, error: failAt < 0 ? null : new Error(`statement ${options.fail} failed`) }
    },
  }
  return { client: client as unknown as PgliteWorkerClient, sent }
}

const END = 'select end'
const request = (n: number) => `select ${n}a; select ${n}`

describe('whole requests on PGlite, several to a message', () => {
  it('sends the requests of one turn in one message, each followed by its end and a commit, and gives each its own results', async () => {
    const { client, sent } = fakeClient()
    const trip = tripLine(client, END, 1, [])
    const answers = await Promise.all([1, 2, 3].map((n) => trip(request(n), 2, [1])))
    expect(sent).toHaveLength(1)
    expect(sent[0].sql).toBe([1, 2, 3].map((n) => `${request(n)};\n${END};\ncommit`).join(';\n'))
    expect(sent[0].keep).toEqual([1, 5, 9]) // two statements, the end, the commit: four per request
    expect(answers.map((a) => a.map((r) => r.rows[0].n))).toEqual([['select 1'], ['select 2'], ['select 3']])
  })

  it('gives the error to the request it hit, answers those before it, and sends those after it again', async () => {
    const { client, sent } = fakeClient({ fail: 2 })
    const trip = tripLine(client, END, 1, [])
    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => trip(request(n), 2, [1])))
    expect(outcomes[0]).toMatchObject({ status: 'fulfilled', value: [{ rows: [{ n: 'select 1' }] }] })
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: { message: 'statement 2 failed' } })
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled', value: [{ rows: [{ n: 'select 3' }] }] })
    expect(sent).toHaveLength(2)
    expect(sent[1].sql).toBe(`${request(3)};\n${END};\ncommit`)
  })

  it('bounds a message by its earliest deadline; when the worker is ended, the request whose time is up times out and the others go the usual way', async () => {
    const { client, sent } = fakeClient({ end: new WorkerStatementTimeoutError(1) })
    const trip = tripLine(client, END, 1, [])
    const outcomes = await Promise.allSettled([trip(request(1), 2, [1], { timeoutMs: 30 }), trip(request(2), 2, [1], { timeoutMs: 60_000 })])
    expect(sent).toHaveLength(1)
    expect(sent[0].timeoutMs).toBeGreaterThan(0)
    expect(sent[0].timeoutMs).toBeLessThanOrEqual(30)
    expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(StatementTimeoutError) })
    expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: expect.any(TripNotRun) })
  })

  it('never sends a request whose caller has left', async () => {
    const { client, sent } = fakeClient()
    const trip = tripLine(client, END, 1, [])
    const controller = new AbortController()
    const left = trip(request(1), 2, [1], { signal: controller.signal })
    const stays = trip(request(2), 2, [1])
    controller.abort()
    await expect(left).rejects.toMatchObject({ code: '57014' })
    expect((await stays)[0].rows[0].n).toBe('select 2')
    expect(sent.map((s) => s.sql)).toEqual([`${request(2)};\n${END};\ncommit`])
  })
})
