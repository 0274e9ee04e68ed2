import { useRouter } from 'next/router'
import { useMemo, useState } from 'react'
import { useFeaturePreviewModal } from '@/hooks/use-feature-preview-modal'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectLogsQuery, type ProjectLogsFilters } from '@/data/logs/project-logs-query'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { isLogSource, LOG_SOURCE_LABELS, type LogSource } from '@/lib/catalogue/log-sources'
import { findPlanTier, isPlanId } from '@/lib/catalogue/plans'
import { getConfig, isPlatform } from '@/lib/config'
import { logsDefaultSearch } from '@/lib/logs/default-query'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { isRecordedLogSource, type LogLevel } from '@/lib/logs/log-lines'
import { formatRetention, logRetentionDays } from '@/lib/logs/retention'
import { DEFAULT_LOG_TIME_PRESET, findLogTimePreset, fitPresetToRetention, type LogTimePresetKey } from '@/lib/logs/time-ranges'
import { availableFeaturePreviews, useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { LogDetailPanel } from './LogDetailPanel'
import { LogsTable } from './LogsTable'
import { LogsToolbar } from './LogsToolbar'
import { SourceChips } from './SourceChips'
import styles from './Logs.module.css'

/** What an unrecorded source's empty state says this platform records instead. */
export const UNRECORDED_NOTE =
  "This platform runs no such service, so nothing is recorded here. Recorded: API Gateway (every request to the project's API: REST, auth, storage, functions and realtime), Postgres (every statement run on its database), PostgREST, Auth, Storage, Realtime and Edge Functions. The dashboard's own requests and queries are marked and hidden unless “Dashboard's own” is on."

/** The source the screen opens on: `?source=` when it names one, else Postgres. */
const DEFAULT_SOURCE: LogSource = 'postgres_logs'

/**
 * The logs screen (spec §2 /project/{ref}/logs, §3 log sources, §9 retention): one source at a
 * time, or, with the "New logs interface" preview (Team plan or above), one stream of every source.
 */
export function LogsExplorer({ projectRef }: { projectRef: string }) {
  const router = useRouter()
  const platform = isPlatform()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const { data: organizations } = useOrganizationsQuery({ enabled: platform })
  const organization = organizations?.find((o) => o.id === project?.organization_id)
  const planId = platform ? organization?.plan.id : 'enterprise'

  // spec §3: unified logs needs the Team plan or above (the hook applies the plan rule).
  const unified = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.unifiedLogs, {
    organizationPlanId: platform ? (organization?.plan.id ?? null) : undefined,
  })
  const previewModal = useFeaturePreviewModal()
  const previewOffered =
    !unified && platform && availableFeaturePreviews(organization?.plan.id).some((p) => p.key === FEATURE_PREVIEW_KEYS.unifiedLogs)

  const querySource = router.query.source
  const [source, setSource] = useState<LogSource>(isLogSource(querySource) ? querySource : DEFAULT_SOURCE)
  const [chips, setChips] = useState<LogSource[]>([])
  const [preset, setPreset] = useState<LogTimePresetKey>(DEFAULT_LOG_TIME_PRESET)
  // spec §3 custom content "logs default query": the search the screen opens with.
  const [search, setSearch] = useState(() => logsDefaultSearch(getConfig().customContent.logsDefaultQuery))
  const [level, setLevel] = useState<LogLevel | null>(null)
  const [liveTail, setLiveTail] = useState(false)
  // The dashboard's own requests and catalogue queries are hidden unless asked (they drown an app's).
  const [includeDashboard, setIncludeDashboard] = useState(false)
  const [selected, setSelected] = useState<ProjectLogLine | null>(null)

  const knownRetention = planId && isPlanId(planId) ? logRetentionDays(planId, { selfHosted: !platform }) : null
  const filters: ProjectLogsFilters = useMemo(
    () => ({
      sources: unified ? (chips.length ? chips : 'all') : [source],
      rangeMs: findLogTimePreset(fitPresetToRetention(preset, knownRetention ?? 90))!.durationMs,
      search,
      level,
      includeDashboard,
    }),
    [unified, chips, source, preset, knownRetention, search, level, includeDashboard]
  )
  const wantedSources: LogSource[] | null = unified ? (chips.length ? chips : null) : [source]
  const unrecorded = wantedSources !== null && !wantedSources.some(isRecordedLogSource)
  const query = useProjectLogsQuery({ projectRef, filters, liveTail, enabled: !unrecorded })
  const first = query.data?.pages[0]
  const retentionDays = first?.retention_days ?? knownRetention ?? 1
  const planName = first ? planLabel(first.plan) : planId ? planLabel(planId) : null
  const lines = useMemo(() => query.data?.pages.flatMap((page) => page.result) ?? [], [query.data])

  function changePreset(next: LogTimePresetKey) {
    setPreset(fitPresetToRetention(next, retentionDays))
  }

  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>{unified ? 'Logs (all sources)' : 'Logs'}</h1>
          <p className={styles.retentionNote}>
            {platform
              ? `Logs are kept for ${formatRetention(retentionDays)}${planName ? ` on the ${planName} plan` : ''}; older ranges are not offered.`
              : `Logs are kept for ${formatRetention(retentionDays)} on this self-hosted install.`}
          </p>
        </div>
        {previewOffered && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => previewModal.open(FEATURE_PREVIEW_KEYS.unifiedLogs)}>
            Try the new logs interface
          </button>
        )}
      </div>
      {unified && <SourceChips selected={chips} onChange={setChips} />}
      <LogsToolbar
        source={unified ? null : source}
        onSourceChange={(next) => {
          setSource(next)
          setSelected(null)
          // The address names the source, so a reload or a shared link opens on it.
          void router.replace({ pathname: router.pathname, query: { ...router.query, source: next } }, undefined, { shallow: true })
        }}
        preset={fitPresetToRetention(preset, retentionDays)}
        onPresetChange={changePreset}
        retentionDays={retentionDays}
        search={search}
        onSearch={setSearch}
        level={level}
        onLevelChange={setLevel}
        liveTail={liveTail}
        onLiveTailChange={setLiveTail}
        includeDashboard={includeDashboard}
        onIncludeDashboardChange={setIncludeDashboard}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching && !query.isFetchingNextPage}
      />
      <div className={styles.body}>
        <section className={`surface ${styles.tableWrap}`} aria-label="Log lines">
          {unrecorded ? (
            <div className={styles.state}>
              <EmptyState
                title={`No events are recorded for ${wantedSources.map((s) => LOG_SOURCE_LABELS[s]).join(', ')}`}
                description={UNRECORDED_NOTE}
              />
            </div>
          ) : query.isPending ? (
            <div className={styles.state}>
              <SkeletonLines lines={8} label="Loading log lines" />
            </div>
          ) : query.isError ? (
            <div className={styles.state}>
              <ErrorState title="Failed to load the logs" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
            </div>
          ) : lines.length === 0 ? (
            <div className={styles.state}>
              <EmptyState
                title="No log lines in this range"
                description={
                  search || level
                    ? 'Nothing matches the search and level filter. Clear them or pick a longer time range.'
                    : `Nothing was recorded in this time range. Pick a longer one, or turn on live tail to watch new events arrive.${includeDashboard ? '' : " The dashboard's own requests and queries are hidden: turn on “Dashboard's own” to see them."}`
                }
              />
            </div>
          ) : (
            <>
              <LogsTable lines={lines} showSource={unified} selectedId={selected?.id ?? null} onSelect={setSelected} />
              <div className={`bar ${styles.footer}`}>
                <span role="status">
                  {lines.length} {lines.length === 1 ? 'line' : 'lines'}
                  {liveTail ? ' · live tail on' : ''}
                </span>
                {query.hasNextPage ? (
                  <button type="button" className="btn btn-sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                    {query.isFetchingNextPage ? 'Loading older…' : 'Load older'}
                  </button>
                ) : (
                  <span>No older lines in this range</span>
                )}
              </div>
            </>
          )}
        </section>
        {selected && <LogDetailPanel projectRef={projectRef} line={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  )
}

function planLabel(plan: string): string {
  return isPlanId(plan) ? findPlanTier(plan).name : plan
}
