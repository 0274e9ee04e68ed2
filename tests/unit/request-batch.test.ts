import { describe, expect, it } from 'vitest'
import type { ProjectSession, RawResult } from '@/server/projects/engines'
import { typeInfos } from '@/server/projects/jail-call'
import { describingFromCache, inlinedJailCall, isDescribed, requestLiteral } from '@/server/projects/request-batch'

/** A session that describes every statement as one text parameter and a (text, int8) row, and names those types. */
function fakeSession(): ProjectSession & { described: number } {
  const session = {
    described: 0,
    simple: async () => [],
    extended: async (): Promise<RawResult> => ({
      command: 'SELECT', rowCount: 2, fields: [],
      rows: [{ oid: 25, name: 'text', is_pseudo: false }, { oid: 20, name: 'bigint', is_pseudo: false }],
    }),
    async describe() {
      session.described++
      return { paramTypes: [25], fields: [{ name: 'body', dataTypeID: 25 }, { name: 'n', dataTypeID: 20 }] }
    },
    commitAndReset: async () => {},
    privileged: async () => {},
    copyIn: async () => 0,
    copyOut: async function* () {},
    copyOutWhole: false,
    privilegedOwnTransaction: false,
  }
  return session
}

describe('a project API read in one round trip (request-batch.ts)', () => {
  const sql = 'select body, n from t where body = $1'

  it('writes nothing until the statement was described under the same key', async () => {
    const session = fakeSession()
    await typeInfos(session, [25, 20])
    expect(inlinedJailCall('anon', 'ref1', 'shape-a', sql, ['x'])).toBeNull()
    await describingFromCache(session, 'ref1', 'shape-a').describe(sql)
    await describingFromCache(session, 'ref1', 'shape-a').describe(sql)
    expect(session.described).toBe(1)
    expect(isDescribed('ref1', 'shape-a', sql)).toBe(true)
    expect(isDescribed('ref1', 'shape-b', sql)).toBe(false) // the table's shape changed: described again
    expect(inlinedJailCall('anon', 'ref1', 'shape-b', sql, ['x'])).toBeNull()
    expect(inlinedJailCall('anon', 'ref2', 'shape-a', sql, ['x'])).toBeNull()
  })

  it("calls the role's jail with every value as one quoted literal", async () => {
    const session = fakeSession()
    await typeInfos(session, [25, 20])
    await describingFromCache(session, 'ref1', 'shape-a').describe(sql)
    const value = "o'ne\\'); select 1; --"
    const call = inlinedJailCall('anon', 'ref1', 'shape-a', sql, [value])!
    expect(call.sql).toBe(
      `select * from platform_jail.anon_rows(${requestLiteral(sql)}::pg_catalog.text, array[${requestLiteral(value)}]::pg_catalog.text[], E'text'::pg_catalog.text) as t(c1 text, c2 bigint)`
    )
    expect(requestLiteral(value)).toBe("E'o''ne\\\\''); select 1; --'")
    expect(call.finish({ command: 'SELECT', rowCount: 1, fields: [], rows: [{ c1: '[]', c2: 0 }] }).rows).toEqual([{ body: '[]', n: 0 }])
  })

  it('leaves a value holding a NUL to the usual way', async () => {
    const session = fakeSession()
    await typeInfos(session, [25, 20])
    await describingFromCache(session, 'ref1', 'shape-a').describe(sql)
    expect(inlinedJailCall('anon', 'ref1', 'shape-a', sql, ['a\u0000b'])).toBeNull()
    expect(inlinedJailCall('anon', 'ref1', 'shape-a', sql, [null])!.sql).toContain('array[null]::pg_catalog.text[]')
  })
})
