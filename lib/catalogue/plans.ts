/**
 * Plan tiers, their quotas and the roles each offers (spec §3 "Plan tier", §6, §9 "Plans").
 * The per-feature comparison lives in `lib/catalogue/feature-matrix.ts`.
 */
import { FREE_PLAN_ACTIVE_PROJECT_LIMIT, GIB, MIB } from '@/lib/constants'
import { isOneOf } from '@/lib/known-names'

export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]

/** spec §2: plans a new-project page accepts in its `plan` query parameter. */
export const SELF_SERVE_PLAN_IDS = ['free', 'pro', 'team'] as const satisfies readonly PlanId[]
export type SelfServePlanId = (typeof SELF_SERVE_PLAN_IDS)[number]

export type PlanFeature = {
  /** What is included, e.g. "100,000 monthly active users". */
  text: string
  /** The price beyond what is included, e.g. "then $0.00325 per MAU". */
  overage?: string
}

export type PlanTier = {
  /** Stable id of the tier card. */
  id: string
  /** The organization's `plan.id` this tier stands for. */
  planId: PlanId
  name: string
  /** Short badge shown beside the name (empty when none). */
  nameBadge: string
  /** Unit after the price, empty when the price is custom. */
  costUnit: string
  /** Where the call to action leads; `{slug}` is the organization slug. */
  href: string
  /** The price as displayed. */
  priceLabel: string
  /** Monthly base price in USD; null when negotiated. */
  priceMonthly: number | null
  description: string
  /** Line above the feature list. */
  preface: string
  features: readonly PlanFeature[]
  /** Small print under the features. */
  footer: string
  cta: string
  /** Highlighted note under the price (empty when none). */
  warning: string
}

export const PLAN_TIERS: readonly PlanTier[] = [
  {
    id: 'tier_free',
    planId: 'free',
    name: 'Free',
    nameBadge: '',
    costUnit: '/ month',
    href: '/new/{slug}?plan=free',
    priceLabel: '$0',
    priceMonthly: 0,
    description: 'For side projects, prototypes and learning.',
    preface: 'Includes:',
    features: [
      { text: '50,000 monthly active users' },
      { text: '500 MB database size' },
      { text: '5 GB egress' },
      { text: '5 GB cached egress' },
      { text: '1 GB file storage' },
      { text: 'Community support' },
    ],
    footer: `Free projects are paused after 1 week of inactivity. Limit of ${FREE_PLAN_ACTIVE_PROJECT_LIMIT} active projects.`,
    cta: 'Start for free',
    warning: '',
  },
  {
    id: 'tier_pro',
    planId: 'pro',
    name: 'Pro',
    nameBadge: 'Most popular',
    costUnit: '/ month',
    href: '/new/{slug}?plan=pro',
    priceLabel: '$25',
    priceMonthly: 25,
    description: 'For production applications that need room to grow.',
    preface: 'Everything in Free, plus:',
    features: [
      { text: '100,000 monthly active users', overage: 'then $0.00325 per MAU' },
      { text: '8 GB disk size per project', overage: 'then $0.125 per GB' },
      { text: '250 GB egress', overage: 'then $0.09 per GB' },
      { text: '250 GB cached egress', overage: 'then $0.03 per GB' },
      { text: '100 GB file storage', overage: 'then $0.021 per GB' },
      { text: 'Daily backups kept for 7 days' },
      { text: '7-day log retention' },
      { text: 'Email support' },
    ],
    footer: 'Usage above the included quota is billed at the listed rates.',
    cta: 'Upgrade to Pro',
    warning: '$10 in compute credits included',
  },
  {
    id: 'tier_team',
    planId: 'team',
    name: 'Team',
    nameBadge: '',
    costUnit: '/ month',
    href: '/new/{slug}?plan=team',
    priceLabel: '$599',
    priceMonthly: 599,
    description: 'For teams that need compliance, single sign-on and faster support.',
    preface: 'Everything in Pro, plus:',
    features: [
      { text: 'SOC2 report' },
      { text: 'SSO for the dashboard' },
      { text: 'Read-only and project-scoped roles' },
      { text: 'Daily backups kept for 14 days' },
      { text: '28-day log retention' },
      { text: 'Priority email support' },
    ],
    footer: 'Usage above the included quota is billed at the listed rates.',
    cta: 'Upgrade to Team',
    warning: '',
  },
  {
    id: 'tier_enterprise',
    planId: 'enterprise',
    name: 'Enterprise',
    nameBadge: '',
    costUnit: '',
    href: '/support/new?category=sales&subject=Enterprise%20plan',
    priceLabel: 'Custom',
    priceMonthly: null,
    description: 'For large organizations with specific scale, security or support needs.',
    preface: 'Everything in Team, plus:',
    features: [
      { text: 'Custom quotas and pricing' },
      { text: 'Custom project-scoped roles' },
      { text: 'Uptime SLAs' },
      { text: 'Designated support contact' },
      { text: 'Security reviews and questionnaires' },
    ],
    footer: 'Terms are agreed with our sales team.',
    cta: 'Contact us',
    warning: '',
  },
]

/** The tier card of a plan. */
export function findPlanTier(planId: PlanId): PlanTier {
  const tier = PLAN_TIERS.find((candidate) => candidate.planId === planId)
  if (!tier) throw new Error(`Unknown plan: ${planId}`)
  return tier
}

/** True when the value is a known plan id. */
export function isPlanId(value: unknown): value is PlanId {
  return isOneOf(PLAN_IDS, value)
}

/** True when `planId` is the same tier as `minimum` or above it (free < pro < team < enterprise). */
export function isPlanAtLeast(planId: PlanId, minimum: PlanId): boolean {
  return PLAN_IDS.indexOf(planId) >= PLAN_IDS.indexOf(minimum)
}

/** The call-to-action link of a tier for an organization. */
export function planTierHref(tier: Pick<PlanTier, 'href'>, slug: string): string {
  return tier.href.replaceAll('{slug}', encodeURIComponent(slug))
}

// ---------------------------------------------------------------------------
// Quotas (usage bars)
// ---------------------------------------------------------------------------

export const QUOTA_KEYS = [
  'mau',
  'databaseSizeBytes',
  'egressBytes',
  'cachedEgressBytes',
  'storageBytes',
  'functionInvocations',
  'realtimePeakConnections',
  'realtimeMessages',
  'storageImagesTransformed',
] as const
export type QuotaKey = (typeof QUOTA_KEYS)[number]

/** Included amount per metric; null means negotiated per contract (no fixed bar). */
export type PlanQuota = Record<QuotaKey, number | null>

const PAID_QUOTA: PlanQuota = {
  mau: 100_000,
  databaseSizeBytes: 8 * GIB,
  egressBytes: 250 * GIB,
  cachedEgressBytes: 250 * GIB,
  storageBytes: 100 * GIB,
  functionInvocations: 2_000_000,
  realtimePeakConnections: 500,
  realtimeMessages: 5_000_000,
  storageImagesTransformed: 100,
}

/** spec §9: included usage of each plan. */
export const PLAN_QUOTAS: Record<PlanId, PlanQuota> = {
  free: {
    mau: 50_000,
    databaseSizeBytes: 500 * MIB,
    egressBytes: 5 * GIB,
    cachedEgressBytes: 5 * GIB,
    storageBytes: 1 * GIB,
    functionInvocations: 500_000,
    realtimePeakConnections: 200,
    realtimeMessages: 2_000_000,
    // spec §9 matrix: image transformations are not part of the free plan (none included).
    storageImagesTransformed: 0,
  },
  pro: PAID_QUOTA,
  team: PAID_QUOTA,
  enterprise: {
    mau: null,
    databaseSizeBytes: null,
    egressBytes: null,
    cachedEgressBytes: null,
    storageBytes: null,
    functionInvocations: null,
    realtimePeakConnections: null,
    realtimeMessages: null,
    storageImagesTransformed: null,
  },
}

/**
 * spec §9 feature matrix "Maximum file upload size" (`max_upload_size`): the largest object one
 * storage upload may be, in bytes (50 MB free, 500 GB paid), enforced by `{url}/storage/v1`.
 */
export const PLAN_MAX_UPLOAD_BYTES: Record<PlanId, number> = {
  free: 50 * MIB,
  pro: 500 * GIB,
  team: 500 * GIB,
  enterprise: 500 * GIB,
}

/**
 * spec §9 (billing matrix, Realtime): what a project's realtime endpoint enforces: concurrent
 * connections (the plan's included peak, a hard cap; null: none) and the largest message a client
 * may send (250 KB on the free plan, 3 MB on paid ones).
 */
export const REALTIME_LIMITS: Record<PlanId, { peakConnections: number | null; maxMessageBytes: number }> = {
  free: { peakConnections: PLAN_QUOTAS.free.realtimePeakConnections, maxMessageBytes: 250 * 1000 },
  pro: { peakConnections: PLAN_QUOTAS.pro.realtimePeakConnections, maxMessageBytes: 3 * 1000 * 1000 },
  team: { peakConnections: PLAN_QUOTAS.team.realtimePeakConnections, maxMessageBytes: 3 * 1000 * 1000 },
  enterprise: { peakConnections: PLAN_QUOTAS.enterprise.realtimePeakConnections, maxMessageBytes: 3 * 1000 * 1000 },
}

/** Price in USD of usage beyond the included quota on paid plans (spec §9). */
export const OVERAGE_PRICES_USD = {
  /** per monthly active user */
  mau: 0.00325,
  /** per GB of disk */
  diskGb: 0.125,
  /** per GB of egress */
  egressGb: 0.09,
  /** per GB of cached egress */
  cachedEgressGb: 0.03,
  /** per GB of file storage */
  storageGb: 0.021,
  /** per million function invocations */
  functionInvocationsPerMillion: 2,
  /** per 1,000 realtime peak connections */
  realtimePeakConnectionsPer1000: 10,
  /** per million realtime messages */
  realtimeMessagesPerMillion: 2.5,
  /** per 1,000 origin images transformed */
  imageTransformationsPer1000: 5,
} as const

/** spec §9: monthly compute credits included with Pro. */
export const PRO_COMPUTE_CREDITS_USD = 10

// ---------------------------------------------------------------------------
// Roles (spec §6 "Plan-table roles")
// ---------------------------------------------------------------------------

export type ProjectScopedRoles = 'none' | 'predefined' | 'custom'

export type PlanRoles = {
  /** Organization-wide roles. */
  roles: readonly string[]
  /** Whether roles can be limited to some projects, and how. */
  projectScopedRoles: ProjectScopedRoles
}

const BASE_ROLES = ['Owner', 'Admin', 'Developer'] as const

export const PLAN_ROLES: Record<PlanId, PlanRoles> = {
  free: { roles: BASE_ROLES, projectScopedRoles: 'none' },
  pro: { roles: BASE_ROLES, projectScopedRoles: 'none' },
  team: { roles: [...BASE_ROLES, 'Read-only'], projectScopedRoles: 'predefined' },
  enterprise: { roles: [...BASE_ROLES, 'Read-only'], projectScopedRoles: 'custom' },
}
