import { freshPglite } from '@/tests/pglite-fresh'
import {
  EXACT_ROW_COUNT_THRESHOLD,
  formatRowCount,
  rowCountFromPlan,
  rowCountFromProbe,
  rowCountSql,
  rowEstimateSql,
  TRUSTED_ESTIMATE_ROWS,
} from '@/lib/sql/row-count'

const TABLE = { schema: 'public', name: 'events', id: 16_390 }

describe('row count strategy', () => {
  it('counts at most threshold + 1 rows and reads reltuples in the same statement', () => {
    const { sql, parameters } = rowCountSql(TABLE, [{ column: 'kind', operator: '=', value: 'click' }])
    expect(sql).toBe(
      'SELECT (SELECT count(*) FROM (SELECT 1 FROM "public"."events" WHERE "kind" = $1 LIMIT 50001) AS bounded)::int8 AS bounded, ' +
        '(SELECT reltuples::int8 FROM pg_catalog.pg_class WHERE oid = 16390) AS estimate'
    )
    expect(parameters).toEqual(['click'])
    expect(() => rowCountSql({ ...TABLE, id: 1.5 }, [])).toThrow()
    // Unfiltered: the scan only when reltuples is at most twice the threshold.
    expect(rowCountSql(TABLE, []).sql).toBe(
      'SELECT CASE WHEN e.estimate > 100000 THEN NULL ELSE (SELECT count(*) FROM (SELECT 1 FROM "public"."events" LIMIT 50001) AS bounded)::int8 END AS bounded, ' +
        'e.estimate FROM (SELECT (SELECT reltuples::int8 FROM pg_catalog.pg_class WHERE oid = 16390) AS estimate) AS e'
    )
    expect(TRUSTED_ESTIMATE_ROWS).toBe(100_000)
  })

  it('is exact up to the threshold and estimated above it', () => {
    expect(EXACT_ROW_COUNT_THRESHOLD).toBe(50_000)
    expect(rowCountFromProbe({ bounded: 12, estimate: -1 }, false)).toEqual({ exact: true, count: 12 })
    expect(rowCountFromProbe({ bounded: 50_000, estimate: 80_000 }, false)).toEqual({ exact: true, count: 50_000 })
    expect(rowCountFromProbe({ bounded: 50_001, estimate: 1_000_000 }, false)).toEqual({ exact: false, count: 1_000_000 })
    // Filtered, or never analysed (reltuples -1): the planner's estimate is needed.
    expect(rowCountFromProbe({ bounded: 50_001, estimate: 1_000_000 }, true)).toBeNull()
    expect(rowCountFromProbe({ bounded: '50001', estimate: '-1' }, false)).toBeNull()
    // Not counted (the estimate was trusted): the estimate, unless filtered.
    expect(rowCountFromProbe({ bounded: null, estimate: 1_000_000 }, false)).toEqual({ exact: false, count: 1_000_000 })
  })

  it('takes the plan estimate, never below the counted rows', () => {
    expect(rowCountFromPlan([{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': 999_876 } }] }])).toEqual({ exact: false, count: 999_876 })
    expect(rowCountFromPlan([{ 'QUERY PLAN': JSON.stringify([{ Plan: { 'Plan Rows': 10 } }]) }])).toEqual({ exact: false, count: 50_001 })
  })

  it('says "about" for an estimate', () => {
    expect(formatRowCount({ exact: true, count: 1 })).toBe('1 row')
    expect(formatRowCount({ exact: true, count: 12_345 })).toBe('12,345 rows')
    expect(formatRowCount({ exact: false, count: 1_000_000 })).toBe('about 1,000,000 rows')
  })

  it('runs on Postgres: exact for a small table, estimated for a large one', async () => {
    const db = await freshPglite()
    try {
      await db.exec(`
        create table public.small (id int primary key);
        insert into public.small select generate_series(1, 42);
        create table public.big (id int primary key, kind text);
        insert into public.big select i, case when i % 2 = 0 then 'even' else 'odd' end from generate_series(1, 60000) i;
      `)
      const oid = async (name: string) => (await db.query<{ oid: number }>('select $1::regclass::oid::int as oid', [name])).rows[0].oid
      const probe = async (name: string, filters: Parameters<typeof rowCountSql>[1] = []) => {
        const { sql, parameters } = rowCountSql({ schema: 'public', name, id: await oid(`public.${name}`) }, filters)
        return (await db.query<{ bounded: number; estimate: number }>(sql, parameters)).rows[0]
      }
      expect(rowCountFromProbe(await probe('small'), false)).toEqual({ exact: true, count: 42 })
      // Never analysed: reltuples is -1, so the plan decides.
      const big = await probe('big')
      expect(big.bounded).toBe(50_001)
      expect(rowCountFromProbe(big, false)).toBeNull()
      const plan = rowEstimateSql({ schema: 'public', name: 'big' }, [])
      expect(rowCountFromPlan((await db.query<Record<string, unknown>>(plan.sql, plan.parameters)).rows).count).toBeGreaterThan(50_000)
      await db.exec('analyze public.big')
      expect(rowCountFromProbe(await probe('big'), false)).toEqual({ exact: false, count: 60_000 })
      // Filtered below the threshold: exact again.
      expect(rowCountFromProbe(await probe('big', [{ column: 'id', operator: '<', value: '101' }]), true)).toEqual({ exact: true, count: 100 })
      // A reltuples over TRUSTED_ESTIMATE_ROWS: no scan at all without filters (the count's plan is
      // never executed), the scan again with them.
      await db.exec(`update pg_catalog.pg_class set reltuples = 1000000 where oid = 'public.big'::regclass`)
      const unfiltered = rowCountSql({ schema: 'public', name: 'big', id: await oid('public.big') }, [])
      expect((await db.query<{ bounded: number | null; estimate: number }>(unfiltered.sql)).rows[0]).toEqual({ bounded: null, estimate: 1_000_000 })
      const analysed = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${unfiltered.sql}`)
      const scan = analysed.rows.map((r) => r['QUERY PLAN']).find((line) => line.includes('Scan') && line.includes('big'))
      expect(scan).toMatch(/never executed/)
      expect(rowCountFromProbe(await probe('big'), false)).toEqual({ exact: false, count: 1_000_000 })
      expect(rowCountFromProbe(await probe('big', [{ column: 'id', operator: '<', value: '101' }]), true)).toEqual({ exact: true, count: 100 })
      const filtered = rowEstimateSql({ schema: 'public', name: 'big' }, [{ column: 'kind', operator: '=', value: 'even' }])
      const estimate = rowCountFromPlan((await db.query<Record<string, unknown>>(filtered.sql, filtered.parameters)).rows)
      expect(estimate.count).toBeGreaterThan(25_000)
    } finally {
      await db.close()
    }
  }, 60_000)
})
