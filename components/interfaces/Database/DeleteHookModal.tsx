import { useId, useState } from 'react'
import { dropHookSql, type Hook } from '@/lib/database/hooks'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'

/** Delete a hook (DROP TRIGGER), and the function the dashboard made for it when asked. */
export function DeleteHookModal({ access, hook, onClose }: { access: ProjectAccess; hook: Hook; onClose: () => void }) {
  const fnId = useId()
  const [dropFunction, setDropFunction] = useState(hook.ownsFunction)
  const sql = dropHookSql(hook, hook.ownsFunction && dropFunction)
  return (
    <ScriptConfirmModal
      access={access}
      title={`Delete hook ${hook.name}`}
      confirmLabel="Delete hook"
      pendingLabel="Deleting…"
      sql={sql}
      action={`delete ${hook.name}`}
      done={`Deleted ${hook.name}`}
      failedTitle="The hook was not deleted"
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
    </ScriptConfirmModal>
  )
}
