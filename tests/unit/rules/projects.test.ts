import { getEffectiveParentRef, isBranch, isValidProjectRef } from '@/lib/projects'

const projects = [
  { ref: 'main-a', parent_project_ref: null, preview_branch_refs: ['branch-a1', 'branch-a2'] },
  { ref: 'main-b', preview_branch_refs: [] },
  { ref: 'branch-c1', parent_project_ref: 'main-c' },
]

describe('getEffectiveParentRef (spec §3)', () => {
  it('uses the parent of a branch', () => {
    expect(getEffectiveParentRef({ ref: 'branch', parent_project_ref: 'parent' })).toBe('parent')
  })

  it('uses the ref itself otherwise', () => {
    expect(getEffectiveParentRef({ ref: 'solo', parent_project_ref: null })).toBe('solo')
    expect(getEffectiveParentRef({ ref: 'solo' })).toBe('solo')
    expect(getEffectiveParentRef({ ref: 'solo', parent_project_ref: '' })).toBe('solo')
  })
})

describe('isBranch', () => {
  it('is true only when a different parent is set', () => {
    expect(isBranch({ ref: 'b', parent_project_ref: 'p' })).toBe(true)
    expect(isBranch({ ref: 'p', parent_project_ref: null })).toBe(false)
    expect(isBranch({ ref: 'p' })).toBe(false)
    expect(isBranch({ ref: 'p', parent_project_ref: 'p' })).toBe(false)
  })
})

describe('isValidProjectRef (spec §5)', () => {
  it('accepts a listed project in both modes', () => {
    expect(isValidProjectRef('main-a', projects, true)).toBe(true)
    expect(isValidProjectRef('main-b', projects, false)).toBe(true)
    expect(isValidProjectRef('branch-c1', projects, false)).toBe(true)
  })

  it('accepts a preview branch ref only on the platform', () => {
    expect(isValidProjectRef('branch-a2', projects, true)).toBe(true)
    expect(isValidProjectRef('branch-a2', projects, false)).toBe(false)
  })

  it('rejects unknown refs, missing refs and missing lists', () => {
    expect(isValidProjectRef('nope', projects, true)).toBe(false)
    expect(isValidProjectRef('main', projects, true)).toBe(false)
    expect(isValidProjectRef('', projects, true)).toBe(false)
    expect(isValidProjectRef(undefined, projects, true)).toBe(false)
    expect(isValidProjectRef('main-a', undefined, true)).toBe(false)
    expect(isValidProjectRef('main-a', [], true)).toBe(false)
  })
})
