import { explainOptions, parsePlanAccept, parseQuery, planContentType } from '@/lib/rest'
import { endsInRollback, checkMaxAffected, checkMaxAffectedFunction, preferenceApplied } from '@/server/rest/prefer'

describe('Accept: application/vnd.pgrst.plan', () => {
  it('reads the format, the explained media type and the options', () => {
    expect(parsePlanAccept('application/vnd.pgrst.plan')).toEqual({ format: 'text', options: [], for: 'application/json' })
    expect(parsePlanAccept('application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose|settings;')).toEqual({
      format: 'json', options: ['analyze', 'verbose', 'settings'], for: 'text/csv',
    })
    expect(parsePlanAccept('application/vnd.pgrst.plan; format=json; options=buffers|wal|buffers')).toEqual({
      format: 'json', options: ['buffers', 'wal'], for: 'application/json',
    })
    expect(parsePlanAccept('application/json')).toBeNull()
    expect(parsePlanAccept(null)).toBeNull()
  })

  it('refuses an option or parameter it does not know with PGRST107', () => {
    expect(() => parsePlanAccept('application/vnd.pgrst.plan; options=costs')).toThrow(expect.objectContaining({ code: 'PGRST107', status: 406 }))
    expect(() => parsePlanAccept('application/vnd.pgrst.plan; colour=red')).toThrow(expect.objectContaining({ code: 'PGRST107' }))
  })

  it("writes EXPLAIN's options and the answer's media type, and shapes the query by its `for`", () => {
    const plan = parsePlanAccept('application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|wal')!
    expect(explainOptions(plan)).toBe('format json, analyze, wal')
    expect(planContentType(plan)).toBe('application/vnd.pgrst.plan+json; for="text/csv"; charset=utf-8')
    const query = parseQuery([], { accept: 'application/vnd.pgrst.plan+text; for="text/csv"' })
    expect([query.shape, query.plan?.format]).toEqual(['csv', 'text'])
    expect(parseQuery([], { accept: 'application/json' }).plan).toBeUndefined()
  })
})

describe('Prefer: tx, max-affected', () => {
  it('rolls back as db_tx_end says, letting tx= override it only when allowed', () => {
    expect(endsInRollback('commit', { tx: 'rollback' })).toBe(false)
    expect(endsInRollback('commit-allow-override', { tx: 'rollback' })).toBe(true)
    expect(endsInRollback('commit-allow-override', {})).toBe(false)
    expect(endsInRollback('rollback', { tx: 'commit' })).toBe(true)
    expect(endsInRollback('rollback-allow-override', { tx: 'commit' })).toBe(false)
    expect(endsInRollback('rollback-allow-override', {})).toBe(true)
  })

  it('refuses past a strict max-affected with PGRST124, and a single-valued function with PGRST128', () => {
    expect(() => checkMaxAffected({ handling: 'strict', maxAffected: 2 }, 3)).toThrow(
      expect.objectContaining({ code: 'PGRST124', status: 400, details: 'The query affects 3 rows' }))
    expect(() => checkMaxAffected({ handling: 'strict', maxAffected: 2 }, 2)).not.toThrow()
    expect(() => checkMaxAffected({ maxAffected: 2 }, 9)).not.toThrow()
    expect(() => checkMaxAffectedFunction({ handling: 'strict', maxAffected: 1 }, false)).toThrow(expect.objectContaining({ code: 'PGRST128' }))
    expect(() => checkMaxAffectedFunction({ handling: 'strict', maxAffected: 1 }, true)).not.toThrow()
  })

  it('names the preferences applied, tx only when the project lets a request choose', () => {
    expect(preferenceApplied({ return: 'representation', tx: 'rollback' }, 'commit', true)).toBe('return=representation')
    expect(preferenceApplied({ tx: 'rollback', count: 'exact' }, 'commit-allow-override', false)).toBe('count=exact, tx=rollback')
    expect(preferenceApplied({ handling: 'strict', maxAffected: 3 }, 'commit', true)).toBe('handling=strict, max-affected=3')
    expect(preferenceApplied({}, 'commit', true)).toBeUndefined()
  })
})

describe('EXPLAIN with the values quoted in', () => {
  it('replaces only the parameters outside quoted names and strings', async () => {
    const { withLiterals } = await import('@/server/rest/plan')
    const sql = `select "a$1", 'b$1', $1, $10 from "t""$2" where x = $2 and y = 'it''s $1'`
    const params = ['one', "x\" ; drop table t; '\\", ...Array(7).fill(null), 'ten']
    expect(withLiterals({ sql, params })).toBe(
      `select "a$1", 'b$1', E'one', E'ten' from "t""$2" where x = E'x" ; drop table t; ''\\\\' and y = 'it''s $1'`)
  })
})
