import type { BadgeVariant } from '@/components/ui/Badge'
import type { CronRunStatus } from '@/data/cron/cron-jobs-query'

export const RUN_STATUS_BADGE: Record<CronRunStatus, { label: string; variant: BadgeVariant }> = {
  succeeded: { label: 'Succeeded', variant: 'brand' },
  failed: { label: 'Failed', variant: 'danger' },
  running: { label: 'Running', variant: 'warning' },
}

/** 850 ms, 12.3 s, 2 min 5 s. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const minutes = Math.floor(ms / 60_000)
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`
}
