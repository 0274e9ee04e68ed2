import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { setHookEnabledSql, type Hook } from '@/lib/database/hooks'
import type { ProjectAccess } from '@/hooks/use-project-access'

/** Enable or disable a hook (ALTER TABLE … ENABLE / DISABLE TRIGGER), SQL shown first. */
export function ToggleHookModal({ access, hook, enabled, onClose }: { access: ProjectAccess; hook: Hook; enabled: boolean; onClose: () => void }) {
  const verb = enabled ? 'Enable' : 'Disable'
  const sql = setHookEnabledSql(hook, enabled)
  const run = useDatabaseScriptMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`${enabled ? 'Enabled' : 'Disabled'} ${hook.name}`)
      onClose()
    },
  })
  return (
    <ConfirmModal
      title={`${verb} hook ${hook.name}`}
      size="small"
      confirmLabel={`${verb} hook`}
      pendingLabel="Running…"
      variant="primary"
      pending={run.isPending}
      onConfirm={() => run.mutate({ ...access.db, sql, action: `${verb.toLowerCase()} ${hook.name}` })}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        {enabled ? 'The hook fires again on the next change.' : 'The hook stays defined but does not fire until it is enabled again.'}
      </p>
      <SqlPreview sql={sql} open />
      {run.isError && <SqlRunError error={run.error} title={`The hook was not ${enabled ? 'enabled' : 'disabled'}`} />}
    </ConfirmModal>
  )
}
