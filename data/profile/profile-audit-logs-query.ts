import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { get } from '@/data/fetchers'
import { profileKeys } from './keys'
import type { AuditEntry, AuditLogs } from '@/lib/api-types/audit'

export type ProfileAuditLogsVariables = {
  /** ISO timestamp, inclusive. */
  date_start: string
  /** ISO timestamp, inclusive. */
  date_end: string
}

/** Audit logs change as the user acts; a minute of freshness is the default of spec §9. */
export const PROFILE_AUDIT_LOGS_STALE_TIME_MS = 60_000

/** spec §3: audit logs filtered by date_start and date_end (GET /platform/profile/audit). */
export async function getProfileAuditLogs(
  { date_start, date_end }: ProfileAuditLogsVariables,
  signal?: AbortSignal
): Promise<AuditEntry[]> {
  if (!date_start || !date_end) throw new Error('date_start and date_end are required')
  const body = await get<AuditLogs<AuditEntry>>('/platform/profile/audit', { query: { date_start, date_end }, signal })
  // Newest first, as the server sends them; sorted again so the list never depends on it.
  return [...body.result].sort((a, b) => Date.parse(b.occurred_at) - Date.parse(a.occurred_at))
}

export function profileAuditLogsQueryOptions(variables: ProfileAuditLogsVariables, { enabled = true } = {}) {
  return queryOptions({
    queryKey: profileKeys.auditLogs(variables),
    queryFn: ({ signal }) => getProfileAuditLogs(variables, signal),
    staleTime: PROFILE_AUDIT_LOGS_STALE_TIME_MS,
    // Changing the range keeps the last list on screen until the new one arrives.
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(variables.date_start && variables.date_end),
  })
}

export function useProfileAuditLogsQuery(variables: ProfileAuditLogsVariables, { enabled = true } = {}) {
  return useQuery(profileAuditLogsQueryOptions(variables, { enabled }))
}
