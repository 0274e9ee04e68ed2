import { contentRange, readStatus } from '@/lib/rest'
import { failure } from './failure'

describe('Content-Range', () => {
  it('names the first and last row and the total when counted', () => {
    expect(contentRange(0, 10, 100)).toBe('0-9/100')
    expect(contentRange(20, 5)).toBe('20-24/*')
    expect(contentRange(0, 0, 0)).toBe('*/0')
    expect(contentRange(3, 0)).toBe('*/*')
  })
})

describe('read status', () => {
  it('is 200 without a count or when every row came back, 206 for part of them', () => {
    expect(readStatus(0, 10)).toBe(200)
    expect(readStatus(0, 3, 3)).toBe(200)
    expect(readStatus(0, 0, 0)).toBe(200)
    expect(readStatus(0, 10, 100)).toBe(206)
    expect(readStatus(90, 10, 100)).toBe(206)
    expect(readStatus(100, 0, 100)).toBe(206)
  })

  it('answers PGRST103 (416) for an offset past the last row', () => {
    const e = failure(() => readStatus(101, 0, 100))
    expect([e.status, e.code, e.message]).toEqual([416, 'PGRST103', 'Requested range not satisfiable'])
    expect(e.details).toBe('An offset of 101 was requested, but there are only 100 rows.')
  })
})
