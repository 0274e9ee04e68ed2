import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { DataTable } from '@/components/ui/DataTable'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { WriteButton } from '@/components/ui/WriteButton'
import { useFunctionRollbackMutation } from '@/data/functions/function-rollback-mutation'
import { useFunctionVersionsQuery } from '@/data/functions/function-versions-query'
import type { EdgeFunctionDetail, FunctionVersion } from '@/lib/api-types/functions'
import { formatBytes, formatDateTime } from '@/lib/formatting'
import { formatRelativeTime } from './EdgeFunctions.utils'
import { VersionDiff } from './VersionDiff'
import styles from './FunctionCode.module.css'

type Props = { projectRef: string; fn: EdgeFunctionDetail; blockedReason: string | null }

/** The Versions tab: every deploy, newest first; diff one against the serving version; roll back. */
export function FunctionVersionsTab({ projectRef, fn, blockedReason }: Props) {
  const versions = useFunctionVersionsQuery({ projectRef, slug: fn.slug })
  const [compared, setCompared] = useState<number | null>(null)
  const [rollingBack, setRollingBack] = useState<FunctionVersion | null>(null)
  const rollback = useFunctionRollbackMutation()

  if (versions.isError) return <ErrorState title="Failed to load versions" error={versions.error} onRetry={() => void versions.refetch()} retrying={versions.isFetching} />
  if (versions.isPending) return <SkeletonLines lines={3} label="Loading versions" />

  // By default the diff shows what the newest other version changed against the serving one.
  const shown = compared ?? versions.data.find((v) => v.version !== fn.version)?.version ?? null

  const confirmRollback = () =>
    rollingBack &&
    rollback.mutate(
      { projectRef, slug: fn.slug, version: rollingBack.version },
      {
        onSuccess: () => {
          toast.success(`Version ${rollingBack.version} of ${fn.slug} is serving`)
          setRollingBack(null)
          setCompared(null)
        },
      }
    )

  return (
    <div className={styles.versionsTab}>
      <DataTable
        label="Versions"
        rows={versions.data}
        rowKey={(v) => v.version}
        columns={[
          {
            key: 'version',
            header: 'Version',
            rowHeader: true,
            render: (v) => (
              <>
                v{v.version} {v.active && <Badge variant="brand">Serving</Badge>}
              </>
            ),
          },
          {
            key: 'deployed',
            header: 'Deployed',
            nowrap: true,
            render: (v) => (
              <time dateTime={v.created_at} title={formatDateTime(v.created_at)}>
                {formatRelativeTime(v.created_at)}
              </time>
            ),
          },
          { key: 'by', header: 'By', render: (v) => v.created_by ?? <span className="muted">Unknown</span> },
          { key: 'size', header: 'Bundle', align: 'right', nowrap: true, render: (v) => formatBytes(v.bundle_bytes, 1) },
        ]}
        actions={(v) => (
          <>
            {!v.active && (
              <button type="button" className="btn btn-sm" aria-pressed={shown === v.version} onClick={() => setCompared(v.version)} aria-label={`Compare version ${v.version}`}>
                Compare
              </button>
            )}
            {!v.active && (
              <WriteButton blockedReason={blockedReason} className="btn btn-sm" onClick={() => setRollingBack(v)} aria-label={`Roll back to version ${v.version}`}>
                Roll back
              </WriteButton>
            )}
          </>
        )}
      />
      {shown === null ? (
        <p className="muted">Deploy a second version to compare versions.</p>
      ) : (
        <VersionDiff projectRef={projectRef} fn={fn} version={shown} />
      )}
      <ConfirmModal
        open={rollingBack !== null}
        title={`Roll back ${fn.slug} to version ${rollingBack?.version ?? ''}?`}
        confirmLabel="Roll back"
        pendingLabel="Rolling back…"
        variant="primary"
        pending={rollback.isPending}
        onConfirm={confirmRollback}
        onClose={() => setRollingBack(null)}
      >
        {`Version ${rollingBack?.version ?? ''} serves every new request at once, in place of version ${fn.version}. Later versions are kept: you can roll forward again.`}
      </ConfirmModal>
    </div>
  )
}
