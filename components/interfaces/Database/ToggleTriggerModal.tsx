import { setTriggerEnabledSql } from '@/lib/database/triggers'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'

type Props = {
  access: ProjectAccess
  trigger: { name: string; schema: string; table: string }
  /** What the screen calls it: a hook (Database hooks) or a trigger. */
  noun: 'hook' | 'trigger'
  enabled: boolean
  onClose: () => void
}

/** Enable or disable a trigger or hook (ALTER TABLE … ENABLE / DISABLE TRIGGER), SQL shown first. */
export function ToggleTriggerModal({ access, trigger, noun, enabled, onClose }: Props) {
  const verb = enabled ? 'Enable' : 'Disable'
  const sql = setTriggerEnabledSql(trigger, enabled)
  return (
    <ScriptConfirmModal
      access={access}
      title={`${verb} ${noun} ${trigger.name}`}
      size="small"
      confirmLabel={`${verb} ${noun}`}
      pendingLabel="Running…"
      variant="primary"
      sql={sql}
      action={`${verb.toLowerCase()} ${trigger.name}`}
      done={`${enabled ? 'Enabled' : 'Disabled'} ${trigger.name}`}
      failedTitle={`The ${noun} was not ${enabled ? 'enabled' : 'disabled'}`}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        {enabled ? `The ${noun} fires again on the next change.` : `The ${noun} stays defined but does not fire until it is enabled again.`}
      </p>
    </ScriptConfirmModal>
  )
}
