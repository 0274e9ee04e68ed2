import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { dropPolicySql, type Policy, type PolicyTable } from '@/lib/database/policies'

/** Drop a policy (DROP POLICY), SQL shown first. */
export function DropPolicyModal({ access, table, policy, onClose }: { access: ProjectAccess; table: PolicyTable; policy: Policy; onClose: () => void }) {
  const qualified = `${table.schema}.${table.name}`
  const last = table.rlsEnabled && table.policies.length === 1
  return (
    <ScriptConfirmModal
      access={access}
      title={`Drop policy ${policy.name}`}
      confirmLabel="Drop policy"
      pendingLabel="Dropping…"
      sql={dropPolicySql(table, policy.name)}
      action={`drop policy ${policy.name} on ${qualified}`}
      done={`Dropped policy ${policy.name}`}
      failedTitle="The policy was not dropped"
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        What this policy allows on <code>{qualified}</code> stops being allowed.{' '}
        {last ? 'It is the last policy: nobody but the service role will see rows.' : 'This cannot be undone.'}
      </p>
    </ScriptConfirmModal>
  )
}
