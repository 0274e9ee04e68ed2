import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { messages, TransactionAbortedError } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  openPgliteWorker,
  PgliteWorkerEndedError,
  StatementTimeoutError,
  type PgliteWorkerClient,
} from '@/server/db/pglite-worker-client'
import { PGLITE_CONTRIB_EXTENSIONS, pglitePostgresqlConf } from '@/server/projects/pglite-extensions'

/**
 * PGlite in a worker thread (server/db/pglite-worker-client.ts): what crosses the
 * thread boundary, the FIFO line, timeouts that end the worker, restarts and memory recycling.
 * PGlite only: skipped when the API tests run on a Postgres server.
 */
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('PGlite worker client', () => {
  let root: string
  let template: string
  const clients: PgliteWorkerClient[] = []

  /** A fresh directory: a copy of one initialised cluster (initdb runs once, it takes seconds). */
  function freshDir(): string {
    const dir = fs.mkdtempSync(path.join(root, 'db-'))
    fs.cpSync(template, dir, { recursive: true })
    return dir
  }

  async function open(options: Partial<Parameters<typeof openPgliteWorker>[0]> = {}): Promise<PgliteWorkerClient> {
    const client = await openPgliteWorker({ dataDir: freshDir(), contrib: false, ...options })
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-worker-'))
    template = path.join(root, 'template')
    fs.mkdirSync(template)
    const client = await openPgliteWorker({ dataDir: template, contrib: false })
    await client.close()
  })

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})))
    fs.rmSync(root, { recursive: true, force: true })
  })

  describe.each([
    ['PGlite query()', 0],
    ['prepared statements', 256],
  ])('results and errors cross the thread intact (%s)', (_label, statementCache) => {
    let db: PgliteWorkerClient
    beforeAll(async () => {
      db = await open({ statementCache })
    })

    it("keeps PGlite's default parsers without a spec (dates, json, bytea, int8)", async () => {
      const r = await db.query<Record<string, unknown>>(
        `select '2024-05-06 07:08:09+00'::timestamptz as ts, '{"a":[1,{"b":null}]}'::jsonb as j, '\\x01ff'::bytea as b,
                9007199254740993::int8 as big, 42::int8 as small, 1.5::float8 as f, array[1,2]::int[] as arr, null::text as n`
      )
      const row = r.rows[0]
      expect(row.ts).toBeInstanceOf(Date)
      expect((row.ts as Date).toISOString()).toBe('2024-05-06T07:08:09.000Z')
      expect(row.j).toEqual({ a: [1, { b: null }] })
      expect(row.b).toBeInstanceOf(Uint8Array)
      expect([...(row.b as Uint8Array)]).toEqual([1, 255])
      expect(row.big).toBe(9007199254740993n)
      expect(row.small).toBe(42)
      expect(row.f).toBe(1.5)
      expect(row.arr).toEqual([1, 2])
      expect(row.n).toBeNull()
      expect(r.fields.map((f) => [f.name, f.dataTypeID])).toEqual([
        ['ts', 1184],
        ['j', 3802],
        ['b', 17],
        ['big', 20],
        ['small', 20],
        ['f', 701],
        ['arr', 1007],
        ['n', 25],
      ])
      expect(r.command).toBe('SELECT')
      expect(r.rowCount).toBe(1)
    })

    it('applies a parser spec: raw text for the listed oids, int8 a number only when safe', async () => {
      const parsers = { textOids: [1184, 17, 1082], safeInt8: true }
      const r = await db.query<Record<string, unknown>>(
        `select '2024-05-06 07:08:09+00'::timestamptz as ts, '\\x01ff'::bytea as b, '2024-01-02'::date as d,
                9007199254740993::int8 as big, 42::int8 as small, '{"a":1}'::json as j`,
        [],
        { parsers }
      )
      expect(r.rows[0]).toEqual({ ts: '2024-05-06 07:08:09+00', b: '\\x01ff', d: '2024-01-02', big: '9007199254740993', small: 42, j: { a: 1 } })
      const [first, second] = await db.exec("select 1::int8 as one; select '2024-01-02'::date as d", { parsers })
      expect(first.rows).toEqual([{ one: 1 }])
      expect(second.rows).toEqual([{ d: '2024-01-02' }])
    })

    it('sends parameters of every kind (Date, Buffer, json object, array, null)', async () => {
      const when = new Date('2020-01-02T03:04:05.678Z')
      const r = await db.query<Record<string, unknown>>('select $1::timestamptz as t, $2::bytea as b, $3::jsonb as j, $4::int[] as a, $5::text as n', [
        when,
        Buffer.from([0, 1, 2]),
        { k: 'v', n: [1] },
        [3, 4],
        null,
      ])
      expect(r.rows[0]).toEqual({ t: when, b: new Uint8Array([0, 1, 2]), j: { k: 'v', n: [1] }, a: [3, 4], n: null })
    })

    it('answers affectedRows, command and rowCount of writes; exec gives every statement', async () => {
      await db.exec('create table counted (id int primary key, label text)')
      const inserted = await db.query('insert into counted values (1, $1), (2, $2)', ['a', 'b'])
      expect(inserted).toMatchObject({ affectedRows: 2, command: 'INSERT', rowCount: 2, rows: [] })
      const results = await db.exec("update counted set label = 'x'; select * from counted order by id")
      expect(results.map((r) => r.command)).toEqual(['UPDATE', 'SELECT'])
      expect(results[1].rows).toEqual([
        { id: 1, label: 'x' },
        { id: 2, label: 'x' },
      ])
    })

    it("rejects with PGlite's DatabaseError and all its fields (code, position, severity, detail...)", async () => {
      const error = await db.query('select nosuch from pg_class').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      expect(error).toBeInstanceOf(messages.DatabaseError)
      expect(error).toMatchObject({
        message: 'column "nosuch" does not exist',
        code: '42703',
        severity: 'ERROR',
        position: '8',
        routine: 'errorMissingColumn',
        query: 'select nosuch from pg_class',
      })

      await db.exec('create table uniq (id int constraint uniq_pk primary key)')
      await db.query('insert into uniq values (1)')
      const duplicate = await db.query('insert into uniq values (1)').catch((e: unknown) => e)
      expect(duplicate).toMatchObject({
        code: '23505',
        severity: 'ERROR',
        detail: 'Key (id)=(1) already exists.',
        schema: 'public',
        table: 'uniq',
        constraint: 'uniq_pk',
      })
      const raised = await db.exec("do $$ begin raise exception 'custom' using hint = 'a hint', errcode = 'P0042'; end $$").catch((e: unknown) => e)
      expect(raised).toMatchObject({ message: 'custom', code: 'P0042', hint: 'a hint' })
      expect((raised as { where?: string }).where).toMatch(/PL\/pgSQL function/)
      // The connection is fine afterwards.
      expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }])
    })

    it('describes a query without running it; tells whether a transaction is open', async () => {
      expect(await db.describeQuery('select $1::int as x, $2::text as y')).toEqual({
        queryParams: [{ dataTypeID: 23 }, { dataTypeID: 25 }],
        resultFields: [
          { name: 'x', dataTypeID: 23 },
          { name: 'y', dataTypeID: 25 },
        ],
      })
      expect(await db.isInTransaction()).toBe(false)
      await db.exclusive(async (conn) => {
        await conn.exec('begin')
        expect(await conn.isInTransaction()).toBe(true)
        await conn.exec('rollback')
      })
      expect(await db.isInTransaction()).toBe(false)
    })
  })

  describe('prepared statements', () => {
    it('prepares a stale statement again (a cached select * whose table changed) and evicts beyond the size', async () => {
      const db = await open({ statementCache: 2 })
      await db.exec('create table shape (a int); insert into shape values (1)')
      expect((await db.query('select * from shape')).rows).toEqual([{ a: 1 }])
      await db.exec('alter table shape add column b text')
      expect((await db.query('select * from shape')).rows).toEqual([{ a: 1, b: null }])
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 5; i++) expect((await db.query(`select $1::int + ${i} as n`, [10])).rows).toEqual([{ n: 10 + i }])
      }
      const prepared = await db.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name like 'pglite_worker_%'")
      expect(prepared.rows).toEqual([{ n: 2 }])
      await expect(db.query('select $1::int as n', [1, 2])).rejects.toThrow()
      expect((await db.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }])
    })
  })

  describe('one line, in order', () => {
    it('answers calls in the order they were made, exclusive blocks holding the line', async () => {
      const db = await open()
      await db.exec('create table log (n int)')
      const order: string[] = []
      const calls = [
        db.query('select pg_sleep(0.05)').then(() => order.push('sleep')),
        db.query('insert into log values (1)').then(() => order.push('insert 1')),
        db.exclusive(async (conn) => {
          order.push('exclusive start')
          await conn.exec('set application_name = exclusive_block')
          await conn.query('select pg_sleep(0.1)')
          await conn.query('insert into log values (2)')
          const { rows } = await conn.query<{ app: string }>("select current_setting('application_name') as app")
          order.push(`exclusive end (${rows[0].app})`)
        }),
        db.query('insert into log values (3)').then(() => order.push('insert 3')),
        db.query<{ n: number }>('select array_agg(n order by n) as n from log').then((r) => order.push(`read ${JSON.stringify(r.rows[0].n)}`)),
      ]
      await Promise.all(calls)
      expect(order).toEqual(['sleep', 'insert 1', 'exclusive start', 'exclusive end (exclusive_block)', 'insert 3', 'read [1,2,3]'])
    })

    it('commits a transaction, rolls it back when fn throws, and reports a swallowed error', async () => {
      const db = await open()
      await db.exec('create table t (id int primary key)')
      const value = await db.transaction(async (conn) => {
        await conn.query('insert into t values (1)')
        return 'done'
      })
      expect(value).toBe('done')
      await expect(
        db.transaction(async (conn) => {
          await conn.query('insert into t values (2)')
          throw new Error('changed my mind')
        })
      ).rejects.toThrow('changed my mind')
      // An error inside the transaction aborts it: COMMIT rolls back, as PGlite's transaction() says.
      await expect(
        db.transaction(async (conn) => {
          await conn.query('insert into t values (3)')
          await conn.query('insert into t values (1)').catch(() => {})
        })
      ).rejects.toBeInstanceOf(TransactionAbortedError)
      expect((await db.query('select id from t order by id')).rows).toEqual([{ id: 1 }])
      expect(await db.isInTransaction()).toBe(false)
    })

    it('closes after what was asked before, then refuses calls; a conn outlives its block only to refuse', async () => {
      const db = await openPgliteWorker({ dataDir: freshDir(), contrib: false })
      let kept: Parameters<Parameters<PgliteWorkerClient['exclusive']>[0]>[0] | null = null
      await db.exclusive(async (conn) => {
        kept = conn
      })
      await expect(kept!.query('select 1')).rejects.toThrow('used after its exclusive block ended')
      const pending = db.query('select pg_sleep(0.2), 1 as one')
      const closing = db.close()
      expect(db.closed).toBe(true)
      expect((await pending).rows[0]).toMatchObject({ one: 1 })
      await closing
      await expect(db.query('select 1')).rejects.toThrow('is closed')
    })

    it('rejects a call whose parameters cannot cross the thread, in its turn, and goes on', async () => {
      const db = await open()
      const results = await Promise.allSettled([
        db.query('select 1 as a'),
        db.query('select $1::text as b', [() => 'a function']),
        db.query('select 3 as c'),
      ])
      expect(results[0]).toMatchObject({ status: 'fulfilled', value: { rows: [{ a: 1 }] } })
      expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/could not send/) } })
      expect(results[2]).toMatchObject({ status: 'fulfilled', value: { rows: [{ c: 3 }] } })
    })
  })

  describe('the request thread stays free', () => {
    it('keeps the event loop responsive while a statement runs in the worker', async () => {
      const db = await open()
      let worst = 0
      let ticks = 0
      let running = true
      const tick = async () => {
        while (running) {
          const started = performance.now()
          await new Promise((resolve) => setTimeout(resolve, 5))
          worst = Math.max(worst, performance.now() - started - 5)
          ticks++
        }
      }
      const ticking = tick()
      const started = performance.now()
      await db.query('select pg_sleep(2)')
      const slept = performance.now() - started
      running = false
      await ticking
      expect(slept).toBeGreaterThanOrEqual(1900)
      expect(ticks).toBeGreaterThan(50)
      expect(worst).toBeLessThan(100)
    })
  })

  describe('timeouts end the worker; the client starts a fresh one', () => {
    it('ends pg_sleep(30) at its timeout, rejects the calls behind it, and keeps committed data', async () => {
      const db = await open()
      await db.exec('create table kept (id int); insert into kept values (1), (2)')
      expect(db.generation).toBe(1)
      const started = performance.now()
      const sleeping = db.query('select pg_sleep(30)', [], { timeoutMs: 500 })
      const behind = db.query('select 2 as two')
      const error = await sleeping.catch((e: unknown) => e)
      const elapsed = performance.now() - started
      expect(error).toBeInstanceOf(StatementTimeoutError)
      expect(error).toMatchObject({ code: '57014', severity: 'ERROR', message: 'statement timed out after 0.5 s' })
      expect(elapsed).toBeLessThan(3000)
      await expect(behind).rejects.toBeInstanceOf(PgliteWorkerEndedError)
      const restarted = performance.now()
      expect((await db.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 2 }])
      console.info(`[pglite-worker test] restart after a kill and first answer: ${Math.round(performance.now() - restarted)} ms`)
      expect(db.generation).toBe(2)
    })

    it("applies the client's default timeout", async () => {
      const db = await open({ defaultTimeoutMs: 300 })
      await expect(db.query('select pg_sleep(30)')).rejects.toThrow('statement timed out after 0.3 s')
      expect((await db.query('select 1 as one', [], { timeoutMs: 5000 })).rows).toEqual([{ one: 1 }])
    })

    it("ends a worker that spins after `copy ... to program` (PGlite's popen hangs the next statement)", async () => {
      const db = await open()
      await db.exec('create table kept (id int); insert into kept values (7)')
      const outcomes = await Promise.allSettled([
        db.query("copy (select 1) to program 'true'", [], { timeoutMs: 1000 }),
        db.query('select 1 as one', [], { timeoutMs: 1000 }),
      ])
      // In PGlite 0.5.16 the COPY itself answers (empty) and the statement after it spins forever.
      expect(outcomes.some((o) => o.status === 'rejected' && o.reason instanceof StatementTimeoutError)).toBe(true)
      expect((await db.query('select id from kept')).rows).toEqual([{ id: 7 }])
      expect(db.generation).toBe(2)
    })

    it('keeps committed rows and loses the uncommitted ones when killed mid-transaction; the directory reopens', async () => {
      const dir = freshDir()
      const db = await openPgliteWorker({ dataDir: dir, contrib: false })
      await db.exec('create table rows (id int primary key, payload text)')
      await db.query("insert into rows select g, repeat('c', 100) from generate_series(1, 1000) g")
      let later: unknown
      const error = await db
        .transaction(async (conn) => {
          await conn.query("insert into rows select g, repeat('u', 100) from generate_series(1001, 50000) g")
          try {
            await conn.query('select pg_sleep(30)', [], { timeoutMs: 500 })
          } finally {
            // The session (and its open transaction) died with the worker: nothing may run on a fresh one.
            later = await conn.query('select 1').catch((e: unknown) => e)
          }
        })
        .catch((e: unknown) => e)
      expect(error).toBeInstanceOf(StatementTimeoutError)
      expect(later).toBeInstanceOf(PgliteWorkerEndedError)
      expect((await db.query('select count(*)::int as n, max(id) as max from rows')).rows).toEqual([{ n: 1000, max: 1000 }])
      expect(db.generation).toBe(2)
      // Kill again, this time during a long statement, then close and reopen the directory afresh.
      await expect(
        db.query("insert into rows select g, repeat('v', 100) from generate_series(1001, 5000000) g", [], { timeoutMs: 300 })
      ).rejects.toBeInstanceOf(StatementTimeoutError)
      await db.close()
      const reopened = await openPgliteWorker({ dataDir: dir, contrib: false })
      clients.push(reopened)
      expect((await reopened.query('select count(*)::int as n from rows')).rows).toEqual([{ n: 1000 }])
      await reopened.query("insert into rows values (1001, 'after')")
      expect((await reopened.query('select count(*)::int as n from rows')).rows).toEqual([{ n: 1001 }])
    })

    it('restarts a worker that crashed (JS heap over its limit) on the next call', async () => {
      const db = await open({ jsHeapLimitMb: 48 })
      const error = await db.query("select repeat('x', 200) as s from generate_series(1, 2000000)").catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      expect(String((error as Error).message)).toMatch(/memory|exited/i)
      expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }])
      expect(db.generation).toBe(2)
    })
  })

  describe('memory', () => {
    it('recycles the worker once idle when its WASM memory passed the limit', async () => {
      const probe = await open()
      const idle = probe.memoryBytes
      expect(idle).toBeGreaterThan(100 * 2 ** 20)
      const db = await open({ memoryLimitBytes: idle + 64 * 2 ** 20 })
      await db.exec('create table kept (id int); insert into kept values (1)')
      expect(db.generation).toBe(1)
      // A 200 MB string grows the WASM memory, which never shrinks.
      const big = await db.query<{ n: number }>("select length(repeat('x', 200000000)) as n")
      expect(big.rows).toEqual([{ n: 200000000 }])
      expect(db.memoryBytes).toBeGreaterThan(idle + 64 * 2 ** 20)
      expect((await db.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 1 }])
      expect(db.generation).toBe(2)
      expect(db.memoryBytes).toBeLessThan(idle + 64 * 2 ** 20)
    })
  })

  describe('opening', () => {
    it('rejects with the underlying error when the directory cannot be opened', async () => {
      const dir = fs.mkdtempSync(path.join(root, 'broken-'))
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '12\n')
      await expect(openPgliteWorker({ dataDir: dir, contrib: false })).rejects.toThrow(/PGlite/)
    })

    it('ends a worker that does not open in time', async () => {
      await expect(openPgliteWorker({ dataDir: freshDir(), contrib: false, openTimeoutMs: 100 })).rejects.toThrow('did not open within 0.1 s')
    })

    it('loads the contrib bundles the project databases use (the same list as pglite-extensions.ts)', async () => {
      const source = fs.readFileSync(path.join(process.cwd(), 'server/db/pglite-worker.mjs'), 'utf8')
      const list = /const CONTRIB = \[([^\]]*)\]/.exec(source)?.[1] ?? ''
      const names = [...list.matchAll(/'(\w+)'/g)].map((m) => m[1])
      expect(names).toEqual(Object.keys(PGLITE_CONTRIB_EXTENSIONS))
      const dir = freshDir()
      const db = await open({ dataDir: dir, contrib: true, postgresqlconf: pglitePostgresqlConf(dir) })
      await db.exec('create extension citext')
      expect((await db.query("select 'ABC'::citext = 'abc' as same")).rows).toEqual([{ same: true }])
      expect((await db.query("select current_setting('TimeZone') as tz")).rows).toEqual([{ tz: 'UTC' }])
      await expect(db.query('select pg_sleep(30)', [], { timeoutMs: 300 })).rejects.toBeInstanceOf(StatementTimeoutError)
      const restarted = performance.now()
      expect((await db.query("select 'X'::citext = 'x' as same")).rows).toEqual([{ same: true }])
      console.info(`[pglite-worker test] restart with contrib after a kill and first answer: ${Math.round(performance.now() - restarted)} ms`)
    })

    it('opens an in-memory database with dataDir null', async () => {
      const db = await openPgliteWorker({ dataDir: null, contrib: false })
      clients.push(db)
      expect((await db.query('select 41 + 1 as n')).rows).toEqual([{ n: 42 }])
    })

    it('does not keep the process alive when idle', async () => {
      // A child process opens a client, queries, and never closes it: it must exit on its own.
      const dir = freshDir()
      const vite = pathToFileURL(path.join(process.cwd(), 'node_modules/vite/dist/node/index.js')).href
      const script = `
        const { createServer } = await import(${JSON.stringify(vite)})
        const vite = await createServer({ root: process.cwd(), configFile: false, logLevel: 'error',
          server: { middlewareMode: true, hmr: false, watch: null }, ssr: { external: ['@electric-sql/pglite'] } })
        const { openPgliteWorker } = await vite.ssrLoadModule('/server/db/pglite-worker-client.ts')
        await vite.close()
        const db = await openPgliteWorker({ dataDir: ${JSON.stringify(dir)}, contrib: false })
        const { rows } = await db.query('select 5 as five')
        console.log(JSON.stringify(rows))
      `
      const file = path.join(root, 'idle-client.mjs')
      fs.writeFileSync(file, script)
      const child = spawn(process.execPath, [file], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (chunk) => (out += chunk))
      child.stderr.on('data', (chunk) => (out += chunk))
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve(null)
        }, 20_000)
        child.on('exit', (c) => {
          clearTimeout(timer)
          resolve(c)
        })
      })
      expect(out).toContain('[{"five":5}]')
      expect(code).toBe(0)
    })
  })
})
