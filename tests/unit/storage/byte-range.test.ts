import { describe, expect, it } from 'vitest'
import { parseByteRange } from '@/lib/storage/byte-range'

describe('parseByteRange', () => {
  it('reads one range: from-to, from, and a suffix, clamped to the object', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 })
    expect(parseByteRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 })
    expect(parseByteRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 })
    expect(parseByteRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 })
  })

  it('is unsatisfiable from past the end, for an empty suffix, or on an empty object', () => {
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(parseByteRange('bytes=0-0', 0)).toBe('unsatisfiable')
  })

  it('ignores what is not one byte range (the whole object is served)', () => {
    expect(parseByteRange(undefined, 1000)).toBeNull()
    expect(parseByteRange('items=0-1', 1000)).toBeNull()
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull()
    expect(parseByteRange('bytes=5-1', 1000)).toBeNull()
    expect(parseByteRange('bytes=-', 1000)).toBeNull()
  })
})
