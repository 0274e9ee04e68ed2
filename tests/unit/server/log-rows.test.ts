import { describe, expect, it } from 'vitest'
import { restLogPath } from '@/server/logs/rest-log'
import { jsonbText, timeOrderedUuid } from '@/server/logs/recorder'

describe('log rows', () => {
  it('ids sort by the time they were made, and read as UUIDs of version 7', () => {
    const ids = [0, 1, 1_700_000_000_000, 1_700_000_000_001, 4_000_000_000_000].map((ms) => timeOrderedUuid(ms))
    expect([...ids].sort()).toEqual(ids)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(timeOrderedUuid(5)).not.toBe(timeOrderedUuid(5))
  })

  it('JSON for jsonb turns NUL into U+FFFD and leaves the text `\\u0000` alone', () => {
    const text = jsonbText({ nul: 'a\u0000b', literal: 'a\\u0000b', both: '\\\u0000' })
    expect(JSON.parse(text)).toEqual({ nul: 'a\uFFFDb', literal: 'a\\u0000b', both: '\\\uFFFD' })
    expect(text).not.toMatch(/(?<!\\)(\\\\)*\\u0000/)
  })

  it('logs the path and query as received, without credentials in any spelling', () => {
    expect(restLogPath('/abc/rest/v1/todos?select=id,name&done=eq.true')).toEqual({ path: '/rest/v1/todos', query: '?select=id,name&done=eq.true' })
    expect(restLogPath('/abc/rest/v1/todos')).toEqual({ path: '/rest/v1/todos', query: '' })
    expect(restLogPath('/abc/rest/v1/todos?')).toEqual({ path: '/rest/v1/todos', query: '' })
    expect(restLogPath('/abc/rest/v1/t?apikey=k1&select=id&ACCESS_TOKEN=k2&%74oken=k3&a%70ikey=k4#frag')).toEqual({ path: '/rest/v1/t', query: '?select=id' })
    expect(restLogPath(`/abc/rest/v1/t?q=${'x'.repeat(3_000)}`).query).toHaveLength(2_000)
  })
})
