import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { Modal } from '@/components/ui/Modal'
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
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${verb} hook ${hook.name}`}
      size="small"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={run.isPending} onClick={() => run.mutate({ ...access.db, sql, action: `${verb.toLowerCase()} ${hook.name}` })}>
            {run.isPending ? 'Running…' : `${verb} hook`}
          </button>
        </>
      }
    >
      <div style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
        <p style={{ margin: 0 }}>
          {enabled ? 'The hook fires again on the next change.' : 'The hook stays defined but does not fire until it is enabled again.'}
        </p>
        <SqlPreview sql={sql} open />
        {run.isError && <SqlRunError error={run.error} title={`The hook was not ${enabled ? 'enabled' : 'disabled'}`} />}
      </div>
    </Modal>
  )
}
