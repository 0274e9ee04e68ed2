import Link from 'next/link'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { NavTabs } from '@/components/ui/NavTabs'
import { PageHeader, pageScreenClass } from '@/components/ui/PageHeader'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { isResponseError } from '@/data/fetchers'
import { useFunctionQuery } from '@/data/functions/function-query'
import { useProjectAccess } from '@/hooks/use-project-access'
import { FunctionCodeTab } from './FunctionCodeTab'
import { FunctionLogsTab } from './FunctionLogsTab'
import { FunctionOverviewTab } from './FunctionOverviewTab'
import { FunctionSettingsTab } from './FunctionSettingsTab'
import { FunctionTestTab } from './FunctionTestTab'
import { FunctionVersionsTab } from './FunctionVersionsTab'
import styles from './EdgeFunctions.module.css'

export const FUNCTION_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'code', label: 'Code' },
  { key: 'test', label: 'Test' },
  { key: 'versions', label: 'Versions' },
  { key: 'logs', label: 'Logs' },
  { key: 'settings', label: 'Settings' },
] as const
export type FunctionTab = (typeof FUNCTION_TABS)[number]['key']

/** The tab a URL segment names; none is the overview, an unknown one null. */
export function parseFunctionTab(segment: string | undefined): FunctionTab | null {
  if (segment === undefined) return 'overview'
  return FUNCTION_TABS.find((t) => t.key === segment)?.key ?? null
}

export const FUNCTION_WRITE_BLOCKED = 'Deploying, testing and changing functions need the Developer role or above.'

/** `/project/{ref}/functions/{slug}/{tab}`: one function, its tabs in the URL. */
export function FunctionScreen({ projectRef, slug, tab }: { projectRef: string; slug: string; tab: FunctionTab | null }) {
  const { atLeast, role } = useProjectAccess(projectRef)
  // Until the role is known the controls wait as Read-only ones would; the platform checks again.
  const blockedReason = atLeast('Developer') ? null : role === null ? 'Checking your role…' : FUNCTION_WRITE_BLOCKED
  const fn = useFunctionQuery({ projectRef, slug })
  const base = `/project/${projectRef}/functions`
  const href = (key: FunctionTab) => `${base}/${encodeURIComponent(slug)}${key === 'overview' ? '' : `/${key}`}`
  const back = (
    <Link href={base} className="btn">
      All functions
    </Link>
  )

  if (fn.isError) {
    const missing = isResponseError(fn.error) && fn.error.code === 404
    return (
      <div className={pageScreenClass}>
        <PageHeader title={slug} actions={back} />
        {missing ? (
          <EmptyState title={`No function ${slug}`} description="It may have been deleted, or the link is wrong." action={back} />
        ) : (
          <ErrorState title="Failed to load the function" error={fn.error} onRetry={() => void fn.refetch()} retrying={fn.isFetching} />
        )}
      </div>
    )
  }
  if (fn.isPending) {
    return (
      <div className={pageScreenClass}>
        <PageHeader title={slug} actions={back} />
        <SkeletonLines lines={6} label="Loading the function" />
      </div>
    )
  }

  const data = fn.data
  let content
  switch (tab) {
    case 'overview':
      content = <FunctionOverviewTab fn={data} />
      break
    case 'code':
      content = <FunctionCodeTab projectRef={projectRef} fn={data} blockedReason={blockedReason} />
      break
    case 'test':
      // The panel or the reason it is withheld, once the role is known.
      content = role === null ? <SkeletonLines lines={4} label="Checking your role" /> : <FunctionTestTab projectRef={projectRef} fn={data} blockedReason={blockedReason} />
      break
    case 'versions':
      content = <FunctionVersionsTab projectRef={projectRef} fn={data} blockedReason={blockedReason} />
      break
    case 'logs':
      content = <FunctionLogsTab projectRef={projectRef} fn={data} />
      break
    case 'settings':
      // Keyed by the saved values: after a save elsewhere the form starts from them.
      content = <FunctionSettingsTab key={`${data.name}:${data.verify_jwt}`} projectRef={projectRef} fn={data} blockedReason={blockedReason} />
      break
    default:
      content = <EmptyState title="No such tab" action={<Link href={href('overview')} className="btn">Overview</Link>} />
  }

  return (
    <div className={`${pageScreenClass} ${styles.functionScreen}`}>
      <PageHeader
        title={data.name}
        subtitle={
          <span className={styles.headerMeta}>
            <span className="mono">{data.slug}</span>
            <Badge variant="brand">Active</Badge>
            <span>v{data.version}</span>
          </span>
        }
        actions={back}
      />
      <NavTabs label="Function" tabs={FUNCTION_TABS.map((t) => ({ label: t.label, href: href(t.key) }))} current={tab ? href(tab) : null} />
      {content}
    </div>
  )
}
