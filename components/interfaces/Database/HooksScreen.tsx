import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Toggle } from '@/components/ui/Toggle'
import { useHooksQuery } from '@/data/database/hooks-query'
import type { Hook } from '@/lib/database/hooks'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { WriteButton } from '@/components/ui/WriteButton'
import { CreateFirstEmptyState } from './CreateFirstEmptyState'
import styles from './Database.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const DeleteHookModal = dynamic(() => import('./DeleteHookModal').then((m) => m.DeleteHookModal), { ssr: false })
const HookFormModal = dynamic(() => import('./HookFormModal').then((m) => m.HookFormModal), { ssr: false })
const ToggleTriggerModal = dynamic(() => import('./ToggleTriggerModal').then((m) => m.ToggleTriggerModal), { ssr: false })

/** /project/{ref}/database/hooks: the database's triggers as hooks; create, enable/disable, delete. */
export function HooksScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  const [creating, setCreating] = useState(false)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
          <h1>Database hooks</h1>
          <p className="muted">Run a function, notify a channel or send an HTTP request when rows of a table change. Hooks are Postgres triggers.</p>
        </div>
        {access.ready && (
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={() => setCreating(true)}>
            Create hook
          </WriteButton>
        )}
      </div>
      <DatabaseGate access={access}>
        <HooksList access={access} onCreate={() => setCreating(true)} />
        {creating && <HookFormModal access={access} onClose={() => setCreating(false)} />}
      </DatabaseGate>
    </div>
  )
}

function describeAction(hook: Hook): string {
  if (hook.kind === 'notify') return `Notify channel ${hook.target}`
  if (hook.kind === 'http') return `HTTP request to ${hook.target}`
  return `${hook.functionSchema}.${hook.functionName}()`
}

function HooksList({ access, onCreate }: { access: ProjectAccess; onCreate: () => void }) {
  const query = useHooksQuery(access.db)
  const [toggling, setToggling] = useState<{ hook: Hook; enabled: boolean } | null>(null)
  const [deleting, setDeleting] = useState<Hook | null>(null)

  if (query.isPending) return <SkeletonLines lines={4} label="Loading hooks" />
  if (query.isError) return <ErrorState title="Failed to load hooks" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
  if (query.data.length === 0) {
    return (
      <CreateFirstEmptyState access={access} title="No hooks yet" description="A hook reacts to inserts, updates, deletes or truncates on a table." what="hook" onCreate={onCreate} />
    )
  }

  return (
    <>
      <DataTable label="Database hooks" rows={query.data} rowKey={(hook) => hook.id}
        columns={[
          { key: 'name', header: 'Name', rowHeader: true, className: styles.mono, render: (hook) => hook.name },
          { key: 'table', header: 'Table', className: styles.mono, render: (hook) => `${hook.schema}.${hook.table}` },
          {
            key: 'events',
            header: 'Events',
            render: (hook) => (
              <span className={styles.badges}>
                {hook.events.map((e) => (
                  <Badge key={e}>{e}</Badge>
                ))}
              </span>
            ),
          },
          { key: 'timing', header: 'Timing', render: (hook) => `${hook.timing} · each ${hook.level.toLowerCase()}` },
          { key: 'action', header: 'Action', className: `${styles.mono} ${styles.anywhere}`, render: describeAction },
          {
            key: 'enabled',
            header: 'Enabled',
            render: (hook) => (
              <Toggle
                aria-label={`${hook.name} enabled`}
                checked={hook.enabled}
                disabled={!access.canWrite}
                size="small"
                onChange={(enabled) => setToggling({ hook, enabled })}
              />
            ),
          },
        ]}
        actions={(hook) => (
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setDeleting(hook)} aria-label={`Delete ${hook.name}`}>
            Delete
          </WriteButton>
        )}
      />
      {access.writeBlockedReason && <p className="field-hint" style={{ margin: 0 }}>{access.writeBlockedReason}</p>}
      {toggling && <ToggleTriggerModal access={access} trigger={toggling.hook} noun="hook" enabled={toggling.enabled} onClose={() => setToggling(null)} />}
      {deleting && <DeleteHookModal access={access} hook={deleting} onClose={() => setDeleting(null)} />}
    </>
  )
}
