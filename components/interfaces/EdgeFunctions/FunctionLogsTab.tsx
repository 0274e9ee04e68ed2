import Link from 'next/link'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { FUNCTION_LOGS_REFETCH_MS, useFunctionLogsQuery } from '@/data/functions/function-logs-query'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import type { EdgeFunction } from '@/lib/api-types/functions'
import { formatLogTimestamp, logLineBadge } from '@/lib/logs/log-lines'
import common from './EdgeFunctions.module.css'
import styles from './FunctionTest.module.css'

/** What a line says: an invocation's request and answer, or the console message as logged. */
export function functionLogMessage(line: ProjectLogLine): string {
  const m = line.metadata
  if (line.source !== 'function_edge_logs' || typeof m.method !== 'string') return line.event_message
  const ms = typeof m.execution_time_ms === 'number' ? ` in ${Math.round(m.execution_time_ms)} ms` : ''
  const version = typeof m.version === 'number' || typeof m.version === 'string' ? ` (v${m.version})` : ''
  const error = typeof m.error === 'string' && m.error ? `: ${m.error}` : ''
  return `${m.method} ${m.path ?? '/'} → ${m.status_code ?? '?'}${ms}${version}${error}`
}

/** The Logs tab: the function's invocations and console output, newest first, refetched every few seconds. */
export function FunctionLogsTab({ projectRef, fn }: { projectRef: string; fn: EdgeFunction }) {
  const logs = useFunctionLogsQuery({ projectRef, functionId: fn.id, live: true })
  const explorer = `/project/${projectRef}/logs`

  let content
  if (logs.isError) content = <ErrorState title="Failed to load the function's logs" error={logs.error} onRetry={() => void logs.refetch()} retrying={logs.isFetching} />
  else if (logs.isPending) content = <SkeletonLines lines={5} label="Loading logs" />
  else if (logs.data.result.length === 0)
    content = <EmptyState title="No log lines in the last 24 hours" description="Invoke the function (the Test tab does) and its request and console output appear here within seconds." />
  else
    content = (
      <ol className={styles.logList} aria-label="Log lines">
        {logs.data.result.map((line) => {
          const badge = logLineBadge(line)
          return (
            <li key={line.id} className={styles.logLine} data-level={line.level}>
              <time className={`mono ${styles.logTime}`} dateTime={typeof line.timestamp === 'string' ? line.timestamp : undefined}>
                {formatLogTimestamp(line.timestamp)}
              </time>
              <Badge variant={badge.tone}>{badge.label}</Badge>
              <span className={styles.logKind}>{line.source === 'function_edge_logs' ? 'Invocation' : 'Console'}</span>
              <span className={`mono ${styles.logMessage}`}>{functionLogMessage(line)}</span>
            </li>
          )
        })}
      </ol>
    )

  return (
    <div className={styles.logsTab}>
      <div className={common.toolbar}>
        <span className="muted" role="status">
          <span className={styles.liveDot} aria-hidden="true" /> Live: refreshed every {FUNCTION_LOGS_REFETCH_MS / 1000} s
        </span>
        <Link href={explorer} className="btn btn-sm">
          Open the logs explorer
        </Link>
      </div>
      {content}
    </div>
  )
}
