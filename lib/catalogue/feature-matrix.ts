/**
 * Plan comparison table (spec §9 "Feature matrix"). Each row gives one value per plan:
 * a string to print, `true` for "included" or `false` for "not available".
 */
import type { PlanId } from '@/lib/catalogue/plans'

export type FeatureValue = string | boolean

export type FeatureMatrixSection =
  | 'Database'
  | 'Auth'
  | 'Storage'
  | 'Edge Functions'
  | 'Realtime'
  | 'Platform'
  | 'Security'
  | 'Support'

export type FeatureMatrixRow = {
  key: string
  section: FeatureMatrixSection
  title: string
  values: Record<PlanId, FeatureValue>
}

/** Same value on every paid plan, a different one on Free. */
const paid = (free: FeatureValue, value: FeatureValue): Record<PlanId, FeatureValue> => ({
  free,
  pro: value,
  team: value,
  enterprise: value,
})

/** Same value on Pro and Team, negotiated on Enterprise. */
const selfServe = (free: FeatureValue, value: FeatureValue): Record<PlanId, FeatureValue> => ({
  free,
  pro: value,
  team: value,
  enterprise: 'Custom',
})

const MAU_VALUES = selfServe('50,000', '100,000, then $0.00325 per MAU')

export const FEATURE_MATRIX: readonly FeatureMatrixRow[] = [
  // Database
  {
    key: 'database_size',
    section: 'Database',
    title: 'Database size',
    values: selfServe('500 MB', '8 GB disk per project, then $0.125 per GB'),
  },
  { key: 'egress', section: 'Database', title: 'Egress', values: selfServe('5 GB', '250 GB, then $0.09 per GB') },
  {
    key: 'cached_egress',
    section: 'Database',
    title: 'Cached egress',
    values: selfServe('5 GB', '250 GB, then $0.03 per GB'),
  },
  {
    key: 'backups',
    section: 'Database',
    title: 'Automatic backups',
    values: { free: false, pro: '7 days', team: '14 days', enterprise: 'Custom' },
  },
  {
    key: 'pitr',
    section: 'Database',
    title: 'Point-in-time recovery',
    values: paid(false, '$100 per month per 7 days of retention'),
  },
  { key: 'branching', section: 'Database', title: 'Branching', values: paid(false, '$0.01344 per branch-hour') },
  {
    key: 'paused_when_inactive',
    section: 'Database',
    title: 'Pausing',
    values: paid('Paused after 1 week of inactivity', 'Never paused'),
  },
  { key: 'active_projects', section: 'Database', title: 'Active projects', values: paid('2', 'Unlimited') },

  // Auth
  { key: 'mau', section: 'Auth', title: 'Monthly active users', values: MAU_VALUES },
  { key: 'third_party_mau', section: 'Auth', title: 'Monthly active third-party users', values: MAU_VALUES },
  {
    key: 'sso_saml',
    section: 'Auth',
    title: 'Single sign-on (SAML) users',
    values: paid(false, '50 included, then $0.015 per MAU'),
  },
  {
    key: 'advanced_phone_mfa',
    section: 'Auth',
    title: 'Advanced MFA (phone)',
    values: paid(false, '$75 per month for the first project, then $10 per month per extra project'),
  },
  {
    key: 'auth_audit_trail',
    section: 'Auth',
    title: 'Auth audit trail',
    values: { free: '1 hour', pro: '7 days', team: '28 days', enterprise: 'Custom' },
  },

  // Storage
  { key: 'storage_size', section: 'Storage', title: 'File storage', values: selfServe('1 GB', '100 GB, then $0.021 per GB') },
  { key: 'max_upload_size', section: 'Storage', title: 'Maximum file upload size', values: paid('50 MB', '500 GB') },
  {
    key: 'image_transformations',
    section: 'Storage',
    title: 'Image transformations',
    values: paid(false, '100 origin images, then $5 per 1,000 origin images'),
  },

  // Edge Functions
  {
    key: 'function_invocations',
    section: 'Edge Functions',
    title: 'Invocations',
    values: selfServe('500,000', '2 million, then $2 per million'),
  },

  // Realtime
  {
    key: 'realtime_peak_connections',
    section: 'Realtime',
    title: 'Concurrent peak connections',
    values: selfServe('200', '500, then $10 per 1,000'),
  },
  {
    key: 'realtime_messages',
    section: 'Realtime',
    title: 'Messages',
    values: selfServe('2 million', '5 million, then $2.50 per million'),
  },
  { key: 'realtime_max_message_size', section: 'Realtime', title: 'Maximum message size', values: paid('250 KB', '3 MB') },

  // Platform
  {
    key: 'log_retention',
    section: 'Platform',
    title: 'Log retention',
    values: { free: '1 day', pro: '7 days', team: '28 days', enterprise: '90 days' },
  },
  {
    key: 'log_drains',
    section: 'Platform',
    title: 'Log drains',
    values: paid(false, '$60 per drain per month, plus $0.20 per million events and $0.09 per GB'),
  },
  { key: 'custom_domain', section: 'Platform', title: 'Custom domain', values: paid(false, '$10 per month') },

  // Security
  { key: 'soc2', section: 'Security', title: 'SOC2', values: { free: false, pro: false, team: true, enterprise: true } },
  {
    key: 'dashboard_sso',
    section: 'Security',
    title: 'Single sign-on for the dashboard',
    values: { free: false, pro: false, team: true, enterprise: true },
  },
  {
    key: 'project_scoped_roles',
    section: 'Security',
    title: 'Project-scoped roles',
    values: { free: false, pro: false, team: 'Predefined roles', enterprise: 'Custom roles' },
  },

  // Support
  {
    key: 'support',
    section: 'Support',
    title: 'Support',
    values: { free: 'Community', pro: 'Email', team: 'Priority email', enterprise: 'Designated contact' },
  },
]

/** Rows of the matrix grouped by section, keeping catalogue order. */
export function featureMatrixBySection(): Array<{ section: FeatureMatrixSection; rows: FeatureMatrixRow[] }> {
  const groups: Array<{ section: FeatureMatrixSection; rows: FeatureMatrixRow[] }> = []
  for (const row of FEATURE_MATRIX) {
    const group = groups.find((candidate) => candidate.section === row.section)
    if (group) group.rows.push(row)
    else groups.push({ section: row.section, rows: [row] })
  }
  return groups
}

/** Finds a matrix row by key. */
export function findFeatureMatrixRow(key: string): FeatureMatrixRow | undefined {
  return FEATURE_MATRIX.find((row) => row.key === key)
}
