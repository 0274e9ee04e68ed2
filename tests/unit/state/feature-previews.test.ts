import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FEATURE_PREVIEW_KEYS, FEATURE_PREVIEWS } from '@/lib/catalogue/feature-previews'
import { parseConfig, toPublicConfig, type PublicConfig } from '@/lib/config'
import {
  availableFeaturePreviews,
  createFeaturePreviewStore,
  featurePreviewStore,
  isFlagOn,
  useIsFeaturePreviewEnabled,
} from '@/state/feature-previews'
import {
  localFeaturePreviewStorage,
  parseFlag,
  type FeaturePreviewFlags,
  type FeaturePreviewStorage,
} from '@/state/feature-previews.storage'

const { inlineEditor, unifiedLogs, advisorRules, columnLevelSecurity } = FEATURE_PREVIEW_KEYS

function memoryStorage(initial: FeaturePreviewFlags = {}): FeaturePreviewStorage & { saved: FeaturePreviewFlags } {
  const saved: FeaturePreviewFlags = { ...initial }
  return { saved, load: () => ({ ...saved }), save: (key, enabled) => void (saved[key] = enabled) }
}

function setConfig(overrides: Partial<PublicConfig> = {}) {
  window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), ...overrides }
}

beforeEach(() => {
  featurePreviewStore.getState().reload()
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

describe('feature preview store rules', () => {
  it('starts with every flag off', () => {
    const store = createFeaturePreviewStore(memoryStorage())
    for (const { key } of FEATURE_PREVIEWS) expect(isFlagOn(store.getState().flags, key)).toBe(false)
  })

  it('sets, toggles and saves flags through its storage', () => {
    const storage = memoryStorage()
    const store = createFeaturePreviewStore(storage)
    store.getState().setEnabled(inlineEditor, true)
    expect(isFlagOn(store.getState().flags, inlineEditor)).toBe(true)
    expect(storage.saved[inlineEditor]).toBe(true)
    expect(store.getState().toggle(inlineEditor)).toBe(false)
    expect(storage.saved[inlineEditor]).toBe(false)
    expect(store.getState().toggle(columnLevelSecurity)).toBe(true)
    expect(storage.saved).toEqual({ [inlineEditor]: false, [columnLevelSecurity]: true })
  })

  it('reload replaces the flags with what storage holds', () => {
    const storage = memoryStorage({ [inlineEditor]: true })
    const store = createFeaturePreviewStore(storage)
    expect(store.getState().flags).toEqual({})
    store.getState().reload()
    expect(isFlagOn(store.getState().flags, inlineEditor)).toBe(true)
  })
})

describe('local storage adapter', () => {
  it('keeps each flag under its preview key as true or false', () => {
    localFeaturePreviewStorage.save(inlineEditor, true)
    localFeaturePreviewStorage.save(columnLevelSecurity, false)
    expect(localStorage.getItem(inlineEditor)).toBe('true')
    expect(localStorage.getItem(columnLevelSecurity)).toBe('false')
    expect(localFeaturePreviewStorage.load()).toEqual({ [inlineEditor]: true, [columnLevelSecurity]: false })
  })

  it('ignores malformed or foreign values (they read as off)', () => {
    localStorage.setItem(inlineEditor, 'yes')
    localStorage.setItem(columnLevelSecurity, '{broken')
    localStorage.setItem(advisorRules, '1')
    localStorage.setItem(unifiedLogs, 'true')
    localStorage.setItem('some-other-key', 'true')
    expect(localFeaturePreviewStorage.load()).toEqual({ [unifiedLogs]: true })
    expect(parseFlag(null)).toBeUndefined()
    expect(parseFlag('"true"')).toBeUndefined()
    expect(parseFlag('false')).toBe(false)
  })

  it('persists the browser store across a reload', () => {
    featurePreviewStore.getState().setEnabled(inlineEditor, true)
    expect(localStorage.getItem(inlineEditor)).toBe('true')
    const fresh = createFeaturePreviewStore(localFeaturePreviewStorage)
    fresh.getState().reload()
    expect(isFlagOn(fresh.getState().flags, inlineEditor)).toBe(true)
  })
})

describe('availableFeaturePreviews', () => {
  it('lists only released previews and hides plan-gated ones without a plan', () => {
    setConfig()
    expect(availableFeaturePreviews().map((p) => p.key)).toEqual([
      FEATURE_PREVIEW_KEYS.inlineEditor,
      FEATURE_PREVIEW_KEYS.apiSidePanel,
      FEATURE_PREVIEW_KEYS.columnLevelSecurity,
    ])
  })

  it('needs the remote flag and the Team plan or above for unified logs', () => {
    const flagsOn = { gitlessBranching: true, advisorRules: true, unifiedLogs: true }
    setConfig({ remoteFlags: flagsOn })
    const keys = (plan?: string) => availableFeaturePreviews(plan).map((p) => p.key)
    expect(keys('free')).not.toContain(unifiedLogs)
    expect(keys('pro')).not.toContain(unifiedLogs)
    expect(keys('team')).toContain(unifiedLogs)
    expect(keys('enterprise')).toContain(unifiedLogs)
    expect(keys('free')).toContain(advisorRules)
    expect(keys('platinum')).not.toContain(unifiedLogs)
  })

  it('hides platform-only previews when self-hosted', () => {
    setConfig({ isPlatform: false, remoteFlags: { gitlessBranching: true, advisorRules: true, unifiedLogs: true } })
    const listed = availableFeaturePreviews('enterprise')
    expect(listed.length).toBe(3)
    expect(listed.every((p) => !p.isPlatformOnly)).toBe(true)
  })
})

describe('useIsFeaturePreviewEnabled', () => {
  it('is off by default and follows the store', () => {
    setConfig()
    const { result } = renderHook(() => useIsFeaturePreviewEnabled(inlineEditor))
    expect(result.current).toBe(false)
    act(() => featurePreviewStore.getState().setEnabled(inlineEditor, true))
    expect(result.current).toBe(true)
  })

  it('counts a flag as off when its preview is not released in this mode', () => {
    setConfig({ remoteFlags: { gitlessBranching: false, advisorRules: false, unifiedLogs: false } })
    featurePreviewStore.getState().setEnabled(advisorRules, true)
    const { result, rerender } = renderHook(() => useIsFeaturePreviewEnabled(advisorRules))
    expect(result.current).toBe(false)
    setConfig({ isPlatform: false, remoteFlags: { gitlessBranching: false, advisorRules: true, unifiedLogs: false } })
    rerender()
    expect(result.current).toBe(false)
    setConfig({ remoteFlags: { gitlessBranching: false, advisorRules: true, unifiedLogs: false } })
    rerender()
    expect(result.current).toBe(true)
  })

  it('applies the plan rule when given the plan', () => {
    setConfig({ remoteFlags: { gitlessBranching: false, advisorRules: false, unifiedLogs: true } })
    featurePreviewStore.getState().setEnabled(unifiedLogs, true)
    expect(renderHook(() => useIsFeaturePreviewEnabled(unifiedLogs, { organizationPlanId: 'pro' })).result.current).toBe(false)
    expect(renderHook(() => useIsFeaturePreviewEnabled(unifiedLogs, { organizationPlanId: 'team' })).result.current).toBe(true)
  })
})
