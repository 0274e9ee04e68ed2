import { countByLevel, filterByLevel, findingsOf, groupByLevel, withoutDisabled, type Finding } from '@/lib/advisors/findings'
import { findLint } from '@/lib/advisors/lints'
import { hitRatio, isNotPreloadedError, statementsSql } from '@/lib/advisors/query-performance'

const finding = (lint: string, level: Finding['level'], object: string): Finding => ({
  id: `${lint}:${object}`,
  lint,
  title: lint,
  level,
  category: 'SECURITY',
  detail: '',
  description: '',
  remediation: '',
  fix: null,
  schema: 'public',
  object,
})

const sample = [
  finding('function_search_path_mutable', 'WARN', 'f'),
  finding('rls_disabled_in_public', 'ERROR', 'a'),
  finding('rls_enabled_no_policy', 'INFO', 'b'),
  finding('rls_disabled_in_public', 'ERROR', 'c'),
]

describe('advisor findings', () => {
  it('groups by level, errors first, leaving out empty levels', () => {
    expect(groupByLevel(sample).map((g) => [g.level, g.findings.map((f) => f.object)])).toEqual([
      ['ERROR', ['a', 'c']],
      ['WARN', ['f']],
      ['INFO', ['b']],
    ])
    expect(groupByLevel(sample.filter((f) => f.level !== 'WARN')).map((g) => g.level)).toEqual(['ERROR', 'INFO'])
  })

  it('counts every level and filters by one', () => {
    expect(countByLevel(sample)).toEqual({ ERROR: 2, WARN: 1, INFO: 1 })
    expect(countByLevel([])).toEqual({ ERROR: 0, WARN: 0, INFO: 0 })
    expect(filterByLevel(sample, 'ERROR').map((f) => f.object)).toEqual(['a', 'c'])
    expect(filterByLevel(sample, 'ALL')).toHaveLength(4)
  })

  it('hides the findings of disabled rules only', () => {
    expect(withoutDisabled(sample, new Set(['rls_disabled_in_public'])).map((f) => f.object)).toEqual(['f', 'b'])
    expect(withoutDisabled(sample, new Set())).toHaveLength(4)
  })

  it('describes a finding and quotes names in its fix', () => {
    const [f] = findingsOf(findLint('rls_disabled_in_public')!, [{ schema: 'public', name: 'My "Table"' }])
    expect(f).toMatchObject({ lint: 'rls_disabled_in_public', level: 'ERROR', schema: 'public', object: 'My "Table"' })
    expect(f.detail).toContain('public."My ""Table"""')
    expect(f.fix).toBe('alter table "public"."My ""Table""" enable row level security;')
  })

  it('offers no fix where none is mechanical', () => {
    const [noPolicy] = findingsOf(findLint('rls_enabled_no_policy')!, [{ schema: 'public', name: 't' }])
    expect(noPolicy.fix).toBeNull()
    const [pinned] = findingsOf(findLint('extension_in_public')!, [{ schema: 'public', name: 'plv8', version: '3', relocatable: false }])
    expect(pinned.fix).toBeNull()
    const [moved] = findingsOf(findLint('extension_in_public')!, [{ schema: 'public', name: 'citext', version: '1.6', relocatable: true }])
    expect(moved.fix).toContain('alter extension "citext" set schema extensions;')
    // Both duplicates back constraints: dropping either would drop a constraint.
    const [dup] = findingsOf(findLint('duplicate_index')!, [{ schema: 'public', name: 't', indexes: ['t_pkey', 't_id_key'], constraint_backed: [true, true] }])
    expect(dup.fix).toBeNull()
  })
})

describe('query performance helpers', () => {
  it('computes a hit ratio, or null before any read', () => {
    expect(hitRatio(99, 1)).toBe(0.99)
    expect(hitRatio(0, 0)).toBeNull()
    expect(hitRatio(null, null)).toBeNull()
  })

  it('recognises the error of a library that was not preloaded', () => {
    expect(isNotPreloadedError('pg_stat_statements must be loaded via "shared_preload_libraries"')).toBe(true)
    expect(isNotPreloadedError('permission denied for view pg_stat_statements')).toBe(false)
  })

  it('orders statements by the chosen measure from the extension schema', () => {
    expect(statementsSql('extensions', 'mean')).toContain('from "extensions".pg_stat_statements s')
    expect(statementsSql('public', 'calls')).toContain('order by s.calls desc')
  })
})
