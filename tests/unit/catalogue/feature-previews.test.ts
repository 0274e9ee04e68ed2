import {
  FEATURE_PREVIEWS,
  FEATURE_PREVIEW_KEYS,
  findFeaturePreview,
  isFeaturePreviewKey,
  listedFeaturePreviews,
  previewAllowedOnPlan,
} from '@/lib/catalogue/feature-previews'

const allOff = { gitlessBranching: false, advisorRules: false, unifiedLogs: false }
const allOn = { gitlessBranching: true, advisorRules: true, unifiedLogs: true }

describe('feature previews (spec §2, §3)', () => {
  it('has the six previews with the listed names', () => {
    expect(FEATURE_PREVIEWS).toHaveLength(6)
    expect(FEATURE_PREVIEWS.map((preview) => preview.name).sort()).toEqual(
      [
        'New logs interface',
        'Branching via dashboard',
        'Disable advisor rules',
        'Inline editing of database entities',
        'Project API documentation',
        'Column-level privileges',
      ].sort(),
    )
    const keys = FEATURE_PREVIEWS.map((preview) => preview.key)
    expect(new Set(keys).size).toBe(6)
    expect(keys.sort()).toEqual(Object.values(FEATURE_PREVIEW_KEYS).sort())
  })

  it('has some previews without a discussion link', () => {
    expect(FEATURE_PREVIEWS.some((preview) => preview.discussionsUrl === null)).toBe(true)
    expect(FEATURE_PREVIEWS.some((preview) => preview.discussionsUrl !== null)).toBe(true)
  })

  it('ties previews to their remote flags and unified logs to Team', () => {
    expect(findFeaturePreview(FEATURE_PREVIEW_KEYS.branching2)!.releasedBy).toBe('gitlessBranching')
    expect(findFeaturePreview(FEATURE_PREVIEW_KEYS.advisorRules)!.releasedBy).toBe('advisorRules')
    const logs = findFeaturePreview(FEATURE_PREVIEW_KEYS.unifiedLogs)!
    expect(logs.releasedBy).toBe('unifiedLogs')
    expect(logs.minimumPlan).toBe('team')
    expect(previewAllowedOnPlan(logs, 'pro')).toBe(false)
    expect(previewAllowedOnPlan(logs, 'team')).toBe(true)
    expect(previewAllowedOnPlan(logs, 'enterprise')).toBe(true)
    expect(previewAllowedOnPlan(findFeaturePreview(FEATURE_PREVIEW_KEYS.inlineEditor)!, 'free')).toBe(true)
  })

  it('lists only released previews', () => {
    const off = listedFeaturePreviews({ isPlatform: true, remoteFlags: allOff }).map((preview) => preview.key)
    expect(off).not.toContain(FEATURE_PREVIEW_KEYS.branching2)
    expect(off).not.toContain(FEATURE_PREVIEW_KEYS.unifiedLogs)
    expect(off).toContain(FEATURE_PREVIEW_KEYS.inlineEditor)
    expect(listedFeaturePreviews({ isPlatform: true, remoteFlags: allOn })).toHaveLength(6)
  })

  it('hides platform-only previews when self-hosted', () => {
    const selfHosted = listedFeaturePreviews({ isPlatform: false, remoteFlags: allOn })
    expect(selfHosted.length).toBeGreaterThan(0)
    expect(selfHosted.every((preview) => !preview.isPlatformOnly)).toBe(true)
  })

  it('recognises preview keys', () => {
    expect(isFeaturePreviewKey(FEATURE_PREVIEW_KEYS.apiSidePanel)).toBe(true)
    expect(isFeaturePreviewKey('nope')).toBe(false)
  })
})
