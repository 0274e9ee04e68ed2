/**
 * Custom-content slots a deployment may fill to change some texts of the dashboard
 * (spec §3 "Custom-content keys"). Every slot is null by default; `lib/config` reads the
 * deployment's values.
 */
import type { CustomContent } from '@/lib/config'

export const CUSTOM_CONTENT_KEYS = [
  'dashboardAuthCustomProvider',
  'organizationLegalDocuments',
  'projectHomepageExampleProjects',
  'logsDefaultQuery',
] as const satisfies readonly (keyof CustomContent)[]
export type CustomContentKey = (typeof CUSTOM_CONTENT_KEYS)[number]

/** Custom content where no slot is filled. */
export const DEFAULT_CUSTOM_CONTENT: Record<CustomContentKey, null> = {
  dashboardAuthCustomProvider: null,
  organizationLegalDocuments: null,
  projectHomepageExampleProjects: null,
  logsDefaultQuery: null,
}

/** The value of a slot, or null when the deployment left it empty. */
export function customContentValue(
  content: Partial<Record<CustomContentKey, unknown>> | null | undefined,
  key: CustomContentKey,
): unknown {
  return content?.[key] ?? null
}
