/**
 * Categories of a support ticket (spec §3). The value is what `/support/new?category=`
 * carries (spec §2: the error screen links with `category=dashboard_bug`).
 */

export const SUPPORT_CATEGORIES = {
  Problem: 'problem',
  Dashboard_bug: 'dashboard_bug',
  Database_unresponsive: 'database_unresponsive',
  Performance: 'performance',
  Sales: 'sales',
  Billing: 'billing',
  Refund: 'refund',
  Abuse: 'abuse',
  Login_issues: 'login_issues',
  Account_deletion: 'account_deletion',
} as const

export type SupportCategory = (typeof SUPPORT_CATEGORIES)[keyof typeof SUPPORT_CATEGORIES]

export type SupportCategoryOption = { value: SupportCategory; label: string; description: string }

/** Options of the category picker, in display order. */
export const SUPPORT_CATEGORY_OPTIONS: readonly SupportCategoryOption[] = [
  { value: 'problem', label: 'APIs and client libraries', description: 'Something is not working as expected' },
  { value: 'dashboard_bug', label: 'Dashboard bug', description: 'A part of the dashboard is broken' },
  { value: 'database_unresponsive', label: 'Database unresponsive', description: 'The database does not answer or times out' },
  { value: 'performance', label: 'Performance issues', description: 'Queries or requests are slower than expected' },
  { value: 'sales', label: 'Sales enquiry', description: 'Questions about pricing, plans or enterprise needs' },
  { value: 'billing', label: 'Billing', description: 'Invoices, payment methods and plan changes' },
  { value: 'refund', label: 'Refund enquiry', description: 'Ask for a charge to be reviewed' },
  { value: 'abuse', label: 'Abuse report', description: 'Report a project used for spam, phishing or other abuse' },
  { value: 'login_issues', label: 'Issues with logging in', description: 'Trouble signing in to the dashboard' },
  { value: 'account_deletion', label: 'Account deletion', description: 'Ask for your account and data to be removed' },
]

/** The support category used when a form is opened without one. */
export const DEFAULT_SUPPORT_CATEGORY: SupportCategory = 'problem'

/** True when the value is a known category (e.g. a `category` query parameter). */
export function isSupportCategory(value: unknown): value is SupportCategory {
  return typeof value === 'string' && SUPPORT_CATEGORY_OPTIONS.some((option) => option.value === value)
}

/** The human label of a category, or undefined when unknown. */
export function supportCategoryLabel(value: string): string | undefined {
  return SUPPORT_CATEGORY_OPTIONS.find((option) => option.value === value)?.label
}
