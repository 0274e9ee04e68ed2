import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { setRowLevelSecuritySql, type PolicyTable } from '@/lib/database/policies'

/** Turn a table's row level security on or off (ALTER TABLE … ROW LEVEL SECURITY), SQL shown first. */
export function RlsToggleModal({ access, table, enabled, onClose }: { access: ProjectAccess; table: PolicyTable; enabled: boolean; onClose: () => void }) {
  const qualified = `${table.schema}.${table.name}`
  const verb = enabled ? 'Enable' : 'Disable'
  return (
    <ScriptConfirmModal
      access={access}
      title={`${verb} row level security on ${qualified}`}
      confirmLabel={`${verb} RLS`}
      pendingLabel="Running…"
      variant={enabled ? 'primary' : 'danger'}
      sql={setRowLevelSecuritySql(table, enabled)}
      action={`${verb.toLowerCase()} RLS on ${qualified}`}
      done={`Row level security is ${enabled ? 'on' : 'off'} for ${qualified}`}
      failedTitle={`Row level security was not turned ${enabled ? 'on' : 'off'}`}
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        {enabled
          ? table.policies.length === 0
            ? 'With no policy yet, nobody but the service role will see or change rows until you add one.'
            : `The table's ${table.policies.length} ${table.policies.length === 1 ? 'policy decides' : 'policies decide'} what the anon key and users may do.`
          : 'The policies stay but stop applying: anyone with the anon key can read and change every row.'}
      </p>
    </ScriptConfirmModal>
  )
}
