import { useRouter } from 'next/router'
import { useCallback } from 'react'
import { availableFeaturePreviews } from '@/state/feature-previews'

/** spec §2: the query parameter that opens the modal; its value is the selected preview key. */
export const FEATURE_PREVIEW_MODAL_PARAM = 'featurePreviewModal'

export type FeaturePreviewModalControls = {
  /** True while the query parameter is present. */
  isOpen: boolean
  /** The parameter's value (a preview key, or whatever the URL carried). */
  selectedKey: string | undefined
  /** Opens the modal on a preview (the first available one by default). */
  open: (key?: string) => void
  /** Selects another preview while open. */
  select: (key: string) => void
  close: () => void
}

/**
 * Opens, selects and closes the feature preview modal through the URL (`?featurePreviewModal=`),
 * so that a link can open it on a preview. Replaces the history entry, shallowly.
 */
export function useFeaturePreviewModal(): FeaturePreviewModalControls {
  const router = useRouter()
  const raw = router.query[FEATURE_PREVIEW_MODAL_PARAM]
  const selectedKey = Array.isArray(raw) ? raw[0] : raw

  const setParam = useCallback(
    (value: string | undefined) => {
      const { [FEATURE_PREVIEW_MODAL_PARAM]: _current, ...rest } = router.query
      const query = value === undefined ? rest : { ...rest, [FEATURE_PREVIEW_MODAL_PARAM]: value }
      void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true })
    },
    [router]
  )

  return {
    isOpen: selectedKey !== undefined,
    selectedKey,
    open: (key) => setParam(key ?? availableFeaturePreviews()[0]?.key ?? ''),
    select: setParam,
    close: () => setParam(undefined),
  }
}
