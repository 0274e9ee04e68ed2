/**
 * Dashboard feature previews (spec §2 "Dashboard feature previews modal", §3 "Feature preview").
 * Users switch previews on in the modal; flags are kept in local storage under the preview key
 * and default to off. Some previews are only listed once a remote flag releases them.
 */
import { isPlanAtLeast, type PlanId } from '@/lib/catalogue/plans'
import type { PublicConfig } from '@/lib/config'

export type RemoteFlag = keyof PublicConfig['remoteFlags']

/** The local storage key of a preview's flag. */
const previewKey = <const Name extends string>(name: Name) => `dashboard-preview-${name}` as const

export const FEATURE_PREVIEW_KEYS = {
  branching2: previewKey('branching-2-0'),
  advisorRules: previewKey('advisor-rules'),
  inlineEditor: previewKey('inline-editor'),
  apiSidePanel: previewKey('api-side-panel'),
  columnLevelSecurity: previewKey('column-level-security'),
  unifiedLogs: previewKey('unified-logs'),
} as const
export type FeaturePreviewKey = (typeof FEATURE_PREVIEW_KEYS)[keyof typeof FEATURE_PREVIEW_KEYS]

export type FeaturePreview = {
  key: FeaturePreviewKey
  name: string
  description: string
  isNew: boolean
  /** Hidden in self-hosted mode (spec §1). */
  isPlatformOnly: boolean
  /** Where to give feedback; no feedback link when null. */
  discussionsUrl: string | null
  /** Remote flag that must be on for the preview to be listed; null when always released. */
  releasedBy: RemoteFlag | null
  /** Lowest plan that may use the preview; null when any plan may. */
  minimumPlan: PlanId | null
}

const DISCUSSIONS = 'https://github.com/orgs/supabase/discussions'
/** Feedback link: a search of the discussion board for the preview's topic. */
const discussionSearch = (topic: string) => `${DISCUSSIONS}?discussions_q=${encodeURIComponent(topic)}`

export const FEATURE_PREVIEWS: readonly FeaturePreview[] = [
  {
    key: FEATURE_PREVIEW_KEYS.unifiedLogs,
    name: 'New logs interface',
    description:
      'One log view for every service of the project, with a timeline of events and filters that work across sources.',
    isNew: true,
    isPlatformOnly: true,
    discussionsUrl: discussionSearch('unified logs'),
    releasedBy: 'unifiedLogs',
    minimumPlan: 'team', // spec §3: unified logs needs the Team plan or above
  },
  {
    key: FEATURE_PREVIEW_KEYS.branching2,
    name: 'Branching via dashboard',
    description:
      'Create, review and merge database branches from the dashboard without connecting a Git repository.',
    isNew: true,
    isPlatformOnly: true,
    discussionsUrl: discussionSearch('branching via dashboard'),
    releasedBy: 'gitlessBranching',
    minimumPlan: null,
  },
  {
    key: FEATURE_PREVIEW_KEYS.advisorRules,
    name: 'Disable advisor rules',
    description:
      'Silence individual security and performance advisor rules that do not apply to your project, for everyone or some members.',
    isNew: true,
    isPlatformOnly: true,
    discussionsUrl: null,
    releasedBy: 'advisorRules',
    minimumPlan: null,
  },
  {
    key: FEATURE_PREVIEW_KEYS.inlineEditor,
    name: 'Inline editing of database entities',
    description:
      'Edit policies, functions and triggers in a SQL editor that opens beside the screen you are on, instead of a form.',
    isNew: false,
    isPlatformOnly: false,
    discussionsUrl: discussionSearch('inline editor'),
    releasedBy: null,
    minimumPlan: null,
  },
  {
    key: FEATURE_PREVIEW_KEYS.apiSidePanel,
    name: 'Project API documentation',
    description:
      'Open the generated API documentation of your tables and functions in a side panel from anywhere in the project.',
    isNew: false,
    isPlatformOnly: false,
    discussionsUrl: null,
    releasedBy: null,
    minimumPlan: null,
  },
  {
    key: FEATURE_PREVIEW_KEYS.columnLevelSecurity,
    name: 'Column-level privileges',
    description:
      'Grant or revoke select, insert and update on single columns for each role, from a screen in the database section.',
    isNew: false,
    isPlatformOnly: false,
    discussionsUrl: discussionSearch('column-level privileges'),
    releasedBy: null,
    minimumPlan: null,
  },
]

/** Where to ask for new previews when none are listed (spec §2). */
export const FEATURE_REQUEST_URL = `${DISCUSSIONS}/categories/feature-requests`

/** Finds a preview by key. */
export function findFeaturePreview(key: string): FeaturePreview | undefined {
  return FEATURE_PREVIEWS.find((preview) => preview.key === key)
}

/** True when the value is a known preview key (e.g. the `featurePreviewModal` query parameter). */
export function isFeaturePreviewKey(value: unknown): value is FeaturePreviewKey {
  return typeof value === 'string' && FEATURE_PREVIEWS.some((preview) => preview.key === value)
}

/**
 * spec §2: previews to list in the modal: released by their remote flag (if any), and not
 * platform-only when self-hosted.
 */
export function listedFeaturePreviews(options: {
  isPlatform: boolean
  remoteFlags: Record<RemoteFlag, boolean>
}): FeaturePreview[] {
  return FEATURE_PREVIEWS.filter(
    (preview) =>
      (preview.releasedBy === null || options.remoteFlags[preview.releasedBy]) &&
      (options.isPlatform || !preview.isPlatformOnly),
  )
}

/** spec §3: true when an organization on the given plan may use the preview. */
export function previewAllowedOnPlan(preview: Pick<FeaturePreview, 'minimumPlan'>, planId: PlanId): boolean {
  return preview.minimumPlan === null || isPlanAtLeast(planId, preview.minimumPlan)
}
