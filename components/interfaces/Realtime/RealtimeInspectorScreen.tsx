import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { ErrorState } from '@/components/ui/ErrorState'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { Spinner } from '@/components/ui/Spinner'
import { useProjectAccess } from '@/hooks/use-project-access'
import { realtimeStatsQueryOptions, REALTIME_STATS_REFRESH_MS } from '@/data/realtime/stats-query'
import { InspectorBroadcastForm } from './InspectorBroadcastForm'
import { InspectorJoinForm } from './InspectorJoinForm'
import { InspectorMessageList } from './InspectorMessageList'
import { useInspectorChannel } from './useInspectorChannel'
import styles from './Realtime.module.css'

const count = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString('en-US'))

/** `/project/{ref}/realtime/inspector`: join a channel as a role, watch its messages live, send broadcasts. */
export function RealtimeInspectorScreen({ projectRef }: { projectRef: string }) {
  const { role, atLeast, db } = useProjectAccess(projectRef)
  // The token acts as any role, service_role included: Developer and up (the route checks again).
  const mayJoin = role !== null && atLeast('Developer')
  const stats = useQuery({ ...realtimeStatsQueryOptions({ projectRef }), refetchInterval: REALTIME_STATS_REFRESH_MS })
  const inspector = useInspectorChannel(projectRef)
  const { status, joined } = inspector
  const refetchStats = stats.refetch
  // Joining or leaving changes the counts: read them at once rather than at the next interval.
  useEffect(() => {
    if (status === 'joined' || status === 'idle') void refetchStats()
  }, [status, refetchStats])

  let controls
  if (role === null) controls = <Spinner label="Loading your access" />
  else if (!mayJoin) {
    controls = <Admonition title="Joining channels needs the Developer role">Your role ({role}) can see this project&apos;s realtime figures but not join its channels. Ask an Owner or Admin of the organization.</Admonition>
  } else if (status === 'joined' || status === 'joining') {
    controls = (
      <div className={styles.panel}>
        <div className={styles.joinedHead}>
          <div>
            <div className={styles.channelName}>
              <span className="mono">{joined?.channel}</span> {joined?.private && <Badge>Private</Badge>}
            </div>
            <div className="muted">
              as {joined?.role}
              {joined?.changes ? ` · ${joined.changes.event} on ${joined.changes.schema}.${joined.changes.table}${joined.changes.filter ? ` (${joined.changes.filter})` : ''}` : ''}
            </div>
          </div>
          <button type="button" className="btn btn-sm" onClick={() => void inspector.leave()}>
            Leave
          </button>
        </div>
        {status === 'joining' ? <Spinner label="Joining the channel" /> : <InspectorBroadcastForm onSend={inspector.send} />}
      </div>
    )
  } else {
    controls = (
      <div className={styles.panel}>
        {status === 'error' && (
          <Admonition type="danger" title="The channel could not be joined" role="alert">
            {inspector.error}
          </Admonition>
        )}
        <InspectorJoinForm db={db} busy={false} initial={joined} onJoin={(options) => void inspector.join(options)} />
      </div>
    )
  }

  return (
    <div className={pageScreenClass}>
      <PageHeader title="Realtime inspector" subtitle="Join a channel as a role, watch its broadcasts, presence and database changes live, and send broadcasts." />
      <dl className={styles.stats} aria-label="Realtime figures">
        <div>
          <dt>Connections now</dt>
          <dd>{stats.isPending ? <Spinner size={12} label="Loading" /> : count(stats.data?.connections)}</dd>
        </div>
        <div>
          <dt>Messages this billing period</dt>
          <dd>{stats.isPending ? <Spinner size={12} label="Loading" /> : count(stats.data?.messages)}</dd>
        </div>
        <div>
          <dt>Messages in this view</dt>
          <dd>{count(inspector.messages.length)}</dd>
        </div>
      </dl>
      {stats.isError && <ErrorState title="Failed to load the realtime figures" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />}
      <div className={`columns ${styles.layout}`}>
        <section aria-label="Channel">{controls}</section>
        <section aria-label="Live messages" className={styles.panel}>
          <div className={styles.listHead}>
            <h2 className={styles.listTitle}>
              Messages {status === 'joined' && <Badge variant="brand">Live</Badge>}
            </h2>
            {inspector.messages.length > 0 && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={inspector.clear}>
                Clear
              </button>
            )}
          </div>
          <InspectorMessageList messages={inspector.messages} joined={status === 'joined'} />
        </section>
      </div>
    </div>
  )
}
