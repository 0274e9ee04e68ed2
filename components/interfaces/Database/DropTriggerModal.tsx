import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { dropTriggerSql, type Trigger } from '@/lib/database/triggers'

/** Delete a data trigger (DROP TRIGGER … ON …); its function stays. */
export function DropTriggerModal({ access, trigger, onClose }: { access: ProjectAccess; trigger: Trigger; onClose: () => void }) {
  return (
    <ScriptConfirmModal
      access={access}
      title={`Delete trigger ${trigger.name}`}
      confirmLabel="Delete trigger"
      pendingLabel="Deleting…"
      sql={dropTriggerSql(trigger)}
      action={`delete trigger ${trigger.name} on ${trigger.schema}.${trigger.table}`}
      done={`Deleted trigger ${trigger.name}`}
      failedTitle="The trigger was not deleted"
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        Changes to <code>{`${trigger.schema}.${trigger.table}`}</code> no longer run <code>{`${trigger.functionSchema}.${trigger.functionName}()`}</code>. The function itself stays.
      </p>
    </ScriptConfirmModal>
  )
}
