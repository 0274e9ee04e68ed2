import type { Hook } from '@/lib/database/hooks'
import { setTriggerEnabledSql } from '@/lib/database/triggers'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'

/** Enable or disable a hook (ALTER TABLE … ENABLE / DISABLE TRIGGER), SQL shown first. */
export function ToggleHookModal({ access, hook, enabled, onClose }: { access: ProjectAccess; hook: Hook; enabled: boolean; onClose: () => void }) {
  const verb = enabled ? 'Enable' : 'Disable'
  const sql = setTriggerEnabledSql(hook, enabled)
  return (
    <ScriptConfirmModal
      access={access}
      title={`${verb} hook ${hook.name}`}
      size="small"
      confirmLabel={`${verb} hook`}
      pendingLabel="Running…"
      variant="primary"
      sql={sql}
      action={`${verb.toLowerCase()} ${hook.name}`}
      done={`${enabled ? 'Enabled' : 'Disabled'} ${hook.name}`}
      failedTitle={`The hook was not ${enabled ? 'enabled' : 'disabled'}`}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        {enabled ? 'The hook fires again on the next change.' : 'The hook stays defined but does not fire until it is enabled again.'}
      </p>
    </ScriptConfirmModal>
  )
}
