export const organizationKeys = {
  list: () => ['organizations'] as const,
  detail: (slug: string | undefined) => ['organizations', slug] as const,
  customer: (slug: string | undefined) => ['organizations', slug, 'customer'] as const,
  members: (slug: string | undefined) => ['organizations', slug, 'members'] as const,
  invitations: (slug: string | undefined) => ['organizations', slug, 'members', 'invitations'] as const,
  roles: (slug: string | undefined) => ['organizations', slug, 'roles'] as const,
  mfa: (slug: string | undefined) => ['organizations', slug, 'mfa'] as const,
  paymentMethods: (slug: string | undefined) => ['organizations', slug, 'payment-methods'] as const,
  taxIds: (slug: string | undefined) => ['organizations', slug, 'tax-ids'] as const,
  subscription: (slug: string | undefined) => ['organizations', slug, 'subscription'] as const,
  subscriptionPreview: (slug: string | undefined, planId: string) => ['organizations', slug, 'subscription', 'preview', planId] as const,
  usage: (slug: string | undefined) => ['organizations', slug, 'usage'] as const,
  auditLogs: (slug: string | undefined, range: { date_start: string; date_end: string }) =>
    ['organizations', slug, 'audit-logs', range] as const,
  availableRegions: (slug: string | undefined, provider: string) => ['organizations', slug, 'available-regions', provider] as const,
  freeProjectLimitCheck: (slug: string | undefined) => ['organizations', slug, 'free-project-limit-check'] as const,
  validateToken: (slug: string | undefined, token: string | undefined) => ['organizations', slug, 'validate-token', token] as const,
  projectClaim: (slug: string | undefined, token: string | undefined) => ['organizations', slug, 'project-claim', token] as const,
  customerProfile: (slug: string | undefined) => ['organizations', slug, 'customer-profile'] as const,
}

/** spec §3: invoice cache keys — overdue, single, list, count, upcoming preview per organization. */
export const invoiceKeys = {
  overdue: () => ['invoices', 'overdue'] as const,
  /** Prefix of every invoice key of one organization (list, count, single, upcoming). */
  organization: (slug: string | undefined) => ['invoices', slug] as const,
  single: (slug: string | undefined, id: string | undefined) => ['invoices', slug, id] as const,
  list: (slug: string | undefined, page?: { offset: number; limit: number }) => ['invoices', slug, 'list', page] as const,
  count: (slug: string | undefined) => ['invoices', slug, 'count'] as const,
  upcomingPreview: (slug: string | undefined) => ['invoices', slug, 'upcoming-preview'] as const,
}
