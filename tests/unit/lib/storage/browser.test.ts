import { describe, expect, it } from 'vitest'
import { badMimeTypes, crumbs, customExpirySeconds, folderNameProblem, joinPath, parseMimeList, prettyJson, previewKind } from '@/lib/storage/browser'
import { policyBucket, policyName, storageTemplateSql, STORAGE_POLICY_TEMPLATES } from '@/lib/storage/policy-templates'

describe('the file browser rules', () => {
  it('joins paths and splits a prefix into breadcrumbs', () => {
    expect(joinPath('', 'a.txt')).toBe('a.txt')
    expect(joinPath('a/b', 'c')).toBe('a/b/c')
    expect(crumbs('')).toEqual([])
    expect(crumbs('a/b')).toEqual([
      { name: 'a', path: 'a' },
      { name: 'b', path: 'a/b' },
    ])
  })

  it('refuses folder names with a slash, dots or nothing', () => {
    expect(folderNameProblem('photos')).toBeNull()
    expect(folderNameProblem('  ')).toBe('Give the folder a name')
    expect(folderNameProblem('a/b')).toMatch(/cannot contain "\/"/)
    expect(folderNameProblem('..')).toMatch(/"\.\."/)
  })

  it('previews by content type, then by extension', () => {
    expect(previewKind('image/webp', 'x')).toBe('image')
    expect(previewKind('application/pdf', 'x')).toBe('pdf')
    expect(previewKind('application/vnd.api+json', 'x')).toBe('json')
    expect(previewKind('application/octet-stream', 'data.json')).toBe('json')
    expect(previewKind('text/csv; charset=utf-8', 'x')).toBe('text')
    expect(previewKind('application/zip', 'a.zip')).toBe('none')
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}')
    expect(prettyJson('not json')).toBe('not json')
  })

  it('allows custom expiries from a second to a year', () => {
    expect(customExpirySeconds('90', 'minutes')).toBe(5400)
    expect(customExpirySeconds('365', 'days')).toBe(365 * 86400)
    expect(customExpirySeconds('366', 'days')).toBeNull()
    expect(customExpirySeconds('0', 'hours')).toBeNull()
    expect(customExpirySeconds('1.5', 'hours')).toBeNull()
  })

  it('reads MIME lists', () => {
    expect(parseMimeList(' image/*, application/pdf ')).toEqual(['image/*', 'application/pdf'])
    expect(parseMimeList('')).toBeNull()
    expect(badMimeTypes(['image/*', 'png', 'text/plain'])).toEqual(['png'])
  })
})

describe('storage policy templates', () => {
  it('names the bucket in the policy, quoted, within 63 bytes', () => {
    const own = STORAGE_POLICY_TEMPLATES.find((t) => t.id === 'own-folder')!
    const sql = storageTemplateSql(own, "it's")
    expect(sql).toContain(`USING (bucket_id = 'it''s' and (select auth.uid())::text = (storage.foldername(name))[1])`)
    expect(new TextEncoder().encode(policyName('Users manage their own folder', 'b'.repeat(100))).length).toBeLessThanOrEqual(63)
  })

  it('finds the bucket a policy names, as Postgres prints it', () => {
    expect(policyBucket({ using: "(bucket_id = 'avatars'::text)", withCheck: null })).toBe('avatars')
    expect(policyBucket({ using: null, withCheck: "((bucket_id = 'it''s'::text) AND true)" })).toBe("it's")
    expect(policyBucket({ using: 'true', withCheck: null })).toBeNull()
  })
})
