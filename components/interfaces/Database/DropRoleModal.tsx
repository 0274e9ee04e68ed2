import { ScriptConfirmModal } from '@/components/ui/ScriptConfirmModal'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { dropRoleSql, type ManagedRoleRow } from '@/lib/database/role-management'

/** DROP ROLE: Postgres refuses while the role owns objects or holds privileges, and says which. */
export function DropRoleModal({ access, role, onClose }: { access: ProjectAccess; role: ManagedRoleRow; onClose: () => void }) {
  return (
    <ScriptConfirmModal
      access={access}
      title={`Drop role ${role.name}`}
      confirmLabel="Drop role"
      pendingLabel="Dropping…"
      sql={dropRoleSql(role.name)}
      action={`drop role ${role.name}`}
      done={`Dropped role ${role.name}`}
      failedTitle="The role was not dropped"
      onClose={onClose}
    >
      <p style={{ margin: 0 }}>
        The role and its memberships go. If it owns objects or holds privileges, Postgres refuses and names them: reassign or revoke them first.
      </p>
    </ScriptConfirmModal>
  )
}
