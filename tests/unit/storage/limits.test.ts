import { describe, expect, it } from 'vitest'
import { FEATURE_MATRIX } from '@/lib/catalogue/feature-matrix'
import { PLAN_MAX_UPLOAD_BYTES } from '@/lib/catalogue/plans'
import { mimeTypeAllowed, objectNameProblem, parseSizeLimit } from '@/lib/storage/limits'

describe('storage limits', () => {
  it('reads a bucket size limit given as bytes or as a size with a unit (1024-based)', () => {
    expect(parseSizeLimit(5_242_880)).toBe(5_242_880)
    expect(parseSizeLimit('1KB')).toBe(1024)
    expect(parseSizeLimit('5 mb')).toBe(5 * 1024 * 1024)
    expect(parseSizeLimit('1.5GB')).toBe(1.5 * 1024 ** 3)
    expect(parseSizeLimit('300')).toBe(300)
    for (const bad of [0, -1, 1.5, 'lots', '5 parsecs', '', '0kb']) expect(parseSizeLimit(bad)).toBeNull()
  })

  it('lets in a content type its bucket allows, by exact type or by wildcard, ignoring parameters and case', () => {
    expect(mimeTypeAllowed('image/png', null)).toBe(true)
    expect(mimeTypeAllowed('image/png', [])).toBe(true)
    expect(mimeTypeAllowed('image/png', ['image/*'])).toBe(true)
    expect(mimeTypeAllowed('Text/Plain; charset=UTF-8', ['text/plain'])).toBe(true)
    expect(mimeTypeAllowed('text/plain', ['image/*', 'application/pdf'])).toBe(false)
    expect(mimeTypeAllowed('imagex/png', ['image/*'])).toBe(false)
  })

  it('names what is wrong with an object name', () => {
    expect(objectNameProblem('folder/file.txt')).toBeNull()
    expect(objectNameProblem('')).toMatch(/empty/)
    expect(objectNameProblem('a//b')).toMatch(/empty/)
    expect(objectNameProblem('a/../b')).toMatch(/".."/)
    expect(objectNameProblem('a\u0001b')).toMatch(/control/)
    expect(objectNameProblem('x'.repeat(1025))).toMatch(/1024/)
  })

  it('enforces the maximum upload size the feature matrix shows for each plan', () => {
    const row = FEATURE_MATRIX.find((r) => r.key === 'max_upload_size')!
    for (const [plan, bytes] of Object.entries(PLAN_MAX_UPLOAD_BYTES)) {
      expect(parseSizeLimit(String(row.values[plan as keyof typeof row.values]).replace(/\s+/g, ''))).toBe(bytes)
    }
  })
})
