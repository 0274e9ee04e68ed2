/**
 * The user's feature preview flags (spec §3 "Feature preview", §4 "Feature preview flag"):
 * preview key → on/off, default off, kept by a storage adapter (local storage in the browser).
 */
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import {
  listedFeaturePreviews,
  previewAllowedOnPlan,
  type FeaturePreview,
  type FeaturePreviewKey,
} from '@/lib/catalogue/feature-previews'
import { PLAN_IDS, type PlanId } from '@/lib/catalogue/plans'
import { getConfig } from '@/lib/config'
import {
  localFeaturePreviewStorage,
  type FeaturePreviewFlags,
  type FeaturePreviewStorage,
} from './feature-previews.storage'

export type { FeaturePreviewFlags } from './feature-previews.storage'

export type FeaturePreviewState = {
  flags: FeaturePreviewFlags
  /** Sets one flag and saves it. */
  setEnabled: (key: FeaturePreviewKey, enabled: boolean) => void
  /** Flips one flag; returns the new value. */
  toggle: (key: FeaturePreviewKey) => boolean
  /** Re-reads the flags from storage (after another tab changed them, or in tests). */
  reload: () => void
}

/** A flag store over the given storage. The initial state is all off, as on the server. */
export function createFeaturePreviewStore(storage: FeaturePreviewStorage): StoreApi<FeaturePreviewState> {
  return createStore<FeaturePreviewState>()((set, get) => ({
    flags: {},
    setEnabled(key, enabled) {
      set({ flags: { ...get().flags, [key]: enabled } })
      storage.save(key, enabled)
    },
    toggle(key) {
      const next = !isFlagOn(get().flags, key)
      get().setEnabled(key, next)
      return next
    },
    reload() {
      set({ flags: storage.load() })
    },
  }))
}

/** spec §3: a flag never set is off. */
export function isFlagOn(flags: FeaturePreviewFlags, key: FeaturePreviewKey): boolean {
  return flags[key] === true
}

/** The browser's flag store. */
export const featurePreviewStore = createFeaturePreviewStore(localFeaturePreviewStorage)

if (typeof window !== 'undefined') {
  // Loaded after creation so that hydration still sees the server's all-off initial state.
  featurePreviewStore.getState().reload()
  localFeaturePreviewStorage.subscribe?.(() => featurePreviewStore.getState().reload())
}

/** Narrows a plan id from the organization (unknown strings count as no plan). */
export function toPlanId(value: string | null | undefined): PlanId | undefined {
  return PLAN_IDS.find((id) => id === value)
}

/**
 * spec §2, §3: previews this user may see: released (remote flags), not platform-only when
 * self-hosted, and allowed on the organization's plan (unified logs needs Team or above; with no
 * known plan, plan-gated previews are left out).
 */
export function availableFeaturePreviews(organizationPlanId?: string | null): FeaturePreview[] {
  const { isPlatform, remoteFlags } = getConfig()
  const plan = toPlanId(organizationPlanId)
  return listedFeaturePreviews({ isPlatform, remoteFlags }).filter(
    (preview) => preview.minimumPlan === null || (plan !== undefined && previewAllowedOnPlan(preview, plan))
  )
}

/** All flags, for lists. */
export function useFeaturePreviewFlags(): FeaturePreviewFlags {
  return useStore(featurePreviewStore, (state) => state.flags)
}

/**
 * True when the user switched the preview on and it is released in this mode: a flag left on
 * for a preview that is no longer released, or that is platform-only on a self-hosted build,
 * counts as off. Give the organization's plan to apply the plan rule too (spec §3).
 */
export function useIsFeaturePreviewEnabled(
  key: FeaturePreviewKey,
  options: { organizationPlanId?: string | null } = {}
): boolean {
  const on = useStore(featurePreviewStore, (state) => isFlagOn(state.flags, key))
  if (!on) return false
  const { isPlatform, remoteFlags } = getConfig()
  const preview = listedFeaturePreviews({ isPlatform, remoteFlags }).find((p) => p.key === key)
  if (!preview) return false
  if (options.organizationPlanId === undefined) return true
  const plan = toPlanId(options.organizationPlanId)
  return preview.minimumPlan === null || (plan !== undefined && previewAllowedOnPlan(preview, plan))
}
