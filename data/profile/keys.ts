export const profileKeys = {
  profile: () => ['profile'] as const,
  permissions: () => ['profile', 'permissions'] as const,
  auditLogs: (range: { date_start: string; date_end: string }) => ['profile', 'audit-logs', range] as const,
  mfaFactors: () => ['profile', 'mfa', 'factors'] as const,
  aal: () => ['profile', 'mfa', 'aal'] as const,
}
