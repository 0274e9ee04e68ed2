import { describe, expect, it } from 'vitest'
import { FEATURE_MATRIX } from '@/lib/catalogue/feature-matrix'
import { PLAN_MAX_UPLOAD_BYTES } from '@/lib/catalogue/plans'
import { mimeTypeAllowed, objectNameProblem, parseDisplayedSize, parseSizeLimit } from '@/lib/storage/limits'

describe('storage limits', () => {
  it('reads a bucket size limit given as bytes or as a size with a unit (1024-based)', () => {
    expect(parseSizeLimit(5_242_880)).toBe(5_242_880)
    // 1000-based, as the anchor reads a bucket's limit ('20mb' is 20,000,000 bytes there).
    expect(parseSizeLimit('1KB')).toBe(1000)
    expect(parseSizeLimit('20mb')).toBe(20_000_000)
    expect(parseSizeLimit('5 mb')).toBe(5_000_000)
    expect(parseSizeLimit('1.5GB')).toBe(1_500_000_000)
    // What a member types in the dashboard reads as the dashboard shows sizes: 1024-based.
    expect(parseDisplayedSize('10 MB')).toBe(10 * 1024 * 1024)
    expect(parseDisplayedSize('500 KB')).toBe(500 * 1024)
    expect(parseDisplayedSize('5 parsecs')).toBeNull()
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
      // The matrix's sizes are in MiB / GiB, as the anchor's plan limits (50 MB is 52,428,800 bytes).
      const [, amount, unit] = /^(\d+(?:\.\d+)?)\s*(MB|GB)$/.exec(String(row.values[plan as keyof typeof row.values]))!
      expect(Number(amount) * 1024 ** (unit === 'GB' ? 3 : 2)).toBe(bytes)
    }
  })
})
