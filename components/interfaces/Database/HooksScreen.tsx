import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Toggle } from '@/components/ui/Toggle'
import { useHooksQuery } from '@/data/database/hooks-query'
import type { Hook } from '@/lib/database/hooks'
import { DatabaseGate } from './DatabaseGate'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { WriteButton } from './WriteButton'
import styles from './Database.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const DeleteHookModal = dynamic(() => import('./DeleteHookModal').then((m) => m.DeleteHookModal), { ssr: false })
const HookFormModal = dynamic(() => import('./HookFormModal').then((m) => m.HookFormModal), { ssr: false })
const ToggleHookModal = dynamic(() => import('./ToggleHookModal').then((m) => m.ToggleHookModal), { ssr: false })

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
      <EmptyState
        title="No hooks yet"
        description="A hook reacts to inserts, updates, deletes or truncates on a table."
        action={
          <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-primary" onClick={onCreate}>
            Create your first hook
          </WriteButton>
        }
      />
    )
  }

  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Database hooks</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Table</th>
              <th scope="col">Events</th>
              <th scope="col">Timing</th>
              <th scope="col">Action</th>
              <th scope="col">Enabled</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((hook) => (
              <tr key={hook.id}>
                <th scope="row" className={styles.mono}>
                  {hook.name}
                </th>
                <td className={styles.mono}>
                  {hook.schema}.{hook.table}
                </td>
                <td>
                  <span className={styles.badges}>
                    {hook.events.map((e) => (
                      <Badge key={e}>{e}</Badge>
                    ))}
                  </span>
                </td>
                <td>
                  {hook.timing} · each {hook.level.toLowerCase()}
                </td>
                <td className={styles.mono} style={{ overflowWrap: 'anywhere' }}>
                  {describeAction(hook)}
                </td>
                <td>
                  <Toggle
                    aria-label={`${hook.name} enabled`}
                    checked={hook.enabled}
                    disabled={!access.canWrite}
                    size="small"
                    onChange={(enabled) => setToggling({ hook, enabled })}
                  />
                </td>
                <td>
                  <span className={styles.actions}>
                    <WriteButton blockedReason={access.writeBlockedReason} className="btn btn-sm" onClick={() => setDeleting(hook)} aria-label={`Delete ${hook.name}`}>
                      Delete
                    </WriteButton>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {access.writeBlockedReason && <p className="field-hint" style={{ margin: 0 }}>{access.writeBlockedReason}</p>}
      {toggling && <ToggleHookModal access={access} hook={toggling.hook} enabled={toggling.enabled} onClose={() => setToggling(null)} />}
      {deleting && <DeleteHookModal access={access} hook={deleting} onClose={() => setDeleting(null)} />}
    </>
  )
}
