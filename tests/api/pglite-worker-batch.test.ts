import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { messages } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteWorker, type PgliteWorkerClient } from '@/server/db/pglite-worker-client'
import { RESULT_PARSER_SPEC } from '@/server/projects/engines'

/**
 * The worker's execBatch (server/db/pglite-worker-batch.mjs) against a real PGlite: it reads the
 * answer raw, decodes only errors and notifications, and hands the kept statements' messages over
 * as bytes that the client decodes (pglite-batch-decode.ts). This checks that what it skips is
 * skipped by whole messages, that what it keeps reads as PGlite's own parsing would, and that
 * notifications are still delivered. PGlite only.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite execBatch', () => {
  let root: string
  let db: PgliteWorkerClient
  const notified: [string, string][] = []

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-batch-'))
    db = await openPgliteWorker({ dataDir: root, contrib: false, listen: ['changes'], onNotification: (channel, payload) => notified.push([channel, payload]) })
    await db.exec('create table t (id int8 primary key, name text, at timestamptz, data jsonb)')
    await db.exec(`insert into t values (1, 'one', '2024-01-02T03:04:05Z', '{"a":1}'), (2, null, null, null)`)
  })

  afterAll(async () => {
    await db.close().catch(() => {})
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('answers the kept statements alone, each read with the call’s parsers, and counts every statement that ran', async () => {
    const sql = `begin; select 1 as skipped; select id, name, at, data from t order by id; commit; select 'x' as also_skipped; select 9007199254740993::int8 as big`
    const { results, ran, error } = await db.execBatch(sql, [2, 5], [], { parsers: RESULT_PARSER_SPEC })
    expect(error).toBeNull()
    expect(ran).toBe(6)
    expect(results).toHaveLength(2)
    expect(results[0].fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'data'])
    expect(results[0].rows).toEqual([
      { id: 1, name: 'one', at: expect.anything(), data: { a: 1 } },
      { id: 2, name: null, at: null, data: null },
    ])
    expect(results[0].rowCount).toBe(2)
    expect(results[1].rows[0].big).toBe('9007199254740993') // past a safe integer: text, as RESULT_PARSER_SPEC asks
  })

  it('stops at an error: the results before it, how many ran, the error itself, and a clean session after', async () => {
    const sql = `begin; select 'kept' as k; select 1/0; select 'never' as n; commit`
    const { results, ran, error } = await db.execBatch(sql, [1, 3], ['rollback', 'discard all', 'listen changes'])
    expect(ran).toBe(2)
    expect(results.map((r) => r.rows)).toEqual([[{ k: 'kept' }]])
    expect(error).toBeInstanceOf(messages.DatabaseError)
    expect(error).toMatchObject({ code: '22012', message: 'division by zero' })
    expect(await db.isInTransaction()).toBe(false)
    const after = await db.execBatch('select 2 as two', [0], [])
    expect(after).toMatchObject({ ran: 1, error: null, results: [{ rows: [{ two: 2 }] }] })
  })

  it('delivers the notifications of its answer, from kept statements and skipped ones alike', async () => {
    notified.length = 0
    const sql = `begin; select pg_catalog.pg_notify('changes', 'from a skipped one'); commit; begin; select pg_catalog.pg_notify('changes', 'from a kept one') as n; commit`
    const { results, error } = await db.execBatch(sql, [4], [])
    expect(error).toBeNull()
    expect(results[0].rows).toEqual([{ n: '' }])
    await expect.poll(() => notified).toEqual([['changes', 'from a skipped one'], ['changes', 'from a kept one']])
  })

  it('reads an answer far larger than its buffer intact, and small ones after it', async () => {
    const big = `select i, pg_catalog.repeat(pg_catalog.chr(97 + i % 26), 1000) as s from pg_catalog.generate_series(1, 3000) as i`
    const { results, error } = await db.execBatch(`select 1; ${big}; select 3 as three`, [1, 2], [])
    expect(error).toBeNull()
    expect(results[0].rows).toHaveLength(3000)
    expect(results[0].rows[2999]).toEqual({ i: 3000, s: 'k'.repeat(1000) }) // chr(97 + 3000 % 26)
    expect(results[1].rows).toEqual([{ three: 3 }])
    const after = await db.execBatch('select 4 as four', [0], [])
    expect(after.results[0].rows).toEqual([{ four: 4 }])
  })
})
