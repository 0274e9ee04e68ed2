import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { projectRoutes, type ProjectRoute } from '@/lib/navigation/project-routes'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'

/**
 * The project areas the navigation and the command menu list: the shipped ones, with the
 * security advisor's path chosen by the advisor rules preview (spec §2).
 */
export function useProjectRoutes(): ProjectRoute[] {
  const advisorRulesPreview = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.advisorRules)
  return projectRoutes({ advisorRulesPreview }).filter((route) => route.available)
}
