import { useState } from 'react'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProfileAuditLogsQuery } from '@/data/profile/profile-audit-logs-query'
import { formatDateTime } from '@/lib/formatting'
import { auditRangeQuery, defaultAuditRange, type DayRange } from './audit-range'
import { TextField } from '@/components/ui/Field'
import styles from './Account.module.css'

export const AUDIT_RANGE_ERROR = 'The start date must be on or before the end date.'

/** The account's audit log (spec §3: filtered by date_start and date_end) for a chosen range of days. */
export function AuditLogSection() {
  const [range, setRange] = useState<DayRange>(() => defaultAuditRange())
  const query = auditRangeQuery(range)
  const logs = useProfileAuditLogsQuery(query ?? { date_start: '', date_end: '' }, { enabled: query !== null })
  const rangeInvalid = query === null && range.from !== '' && range.to !== ''

  let body
  if (query === null) {
    body = null
  } else if (logs.isPending) {
    body = <SkeletonLines lines={4} label="Loading audit logs" />
  } else if (logs.isError) {
    body = <QueryErrorState title="Failed to load audit logs" query={logs} />
  } else {
    body = (
      <DataTable
        label="Audit logs"
        busy={logs.isPlaceholderData}
        rows={logs.data}
        rowKey={(log) => log.id}
        empty={<EmptyState title="No audit logs in this period" description="Choose a wider date range to see older events." />}
        columns={[
          { key: 'time', header: 'Time', render: (log) => formatDateTime(log.occurred_at) },
          { key: 'action', header: 'Action', render: (log) => <code>{log.action}</code> },
          { key: 'target', header: 'Target', className: 'mono', render: (log) => log.target ?? '—' },
          { key: 'organization', header: 'Organization', render: (log) => log.organization_slug ?? '—' },
        ]}
      />
    )
  }

  return (
    <section className="card" aria-labelledby="account-audit-title">
      <h2 id="account-audit-title" className={styles.sectionTitle}>
        Audit logs
      </h2>
      <p className={styles.sectionIntro}>What was done with your account, newest first.</p>
      <div className={styles.range}>
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            id={`audit-${end}`}
            label={end === 'from' ? 'From' : 'To'}
            type="date"
            value={range[end]}
            max={end === 'from' ? range.to || undefined : undefined}
            min={end === 'to' ? range.from || undefined : undefined}
            onChange={(event) => setRange((r) => ({ ...r, [end]: event.target.value }))}
            aria-invalid={rangeInvalid ? true : undefined}
            aria-describedby={rangeInvalid ? 'audit-range-error' : undefined}
          />
        ))}
      </div>
      {rangeInvalid && (
        <p id="audit-range-error" className="field-error" role="alert">
          {AUDIT_RANGE_ERROR}
        </p>
      )}
      {query === null && !rangeInvalid && <p className="field-hint">Choose both dates to see the audit logs.</p>}
      {body}
    </section>
  )
}
