import { useId, useState } from 'react'
import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { dropHookSql, type Hook } from '@/lib/database/hooks'
import type { ProjectAccess } from '@/hooks/use-project-access'

/** Delete a hook (DROP TRIGGER), and the function the dashboard made for it when asked. */
export function DeleteHookModal({ access, hook, onClose }: { access: ProjectAccess; hook: Hook; onClose: () => void }) {
  const fnId = useId()
  const [dropFunction, setDropFunction] = useState(hook.ownsFunction)
  const sql = dropHookSql(hook, hook.ownsFunction && dropFunction)
  const run = useDatabaseScriptMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`Deleted ${hook.name}`)
      onClose()
    },
  })
  return (
    <ConfirmModal
      title={`Delete hook ${hook.name}`}
      confirmLabel="Delete hook"
      pendingLabel="Deleting…"
      pending={run.isPending}
      onConfirm={() => run.mutate({ ...access.db, sql, action: `delete ${hook.name}` })}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        Changes to <code>{`${hook.schema}.${hook.table}`}</code> will no longer run this hook. This cannot be undone.
      </p>
      {hook.ownsFunction && (
        <label htmlFor={fnId} style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center' }}>
          <input id={fnId} type="checkbox" checked={dropFunction} onChange={(e) => setDropFunction(e.target.checked)} />
          Also drop its function {hook.functionSchema}.{hook.functionName}() (made for this hook)
        </label>
      )}
      <SqlPreview sql={sql} open />
      {run.isError && <SqlRunError error={run.error} title="The hook was not deleted" />}
    </ConfirmModal>
  )
}
