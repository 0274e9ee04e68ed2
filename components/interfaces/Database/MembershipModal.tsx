import { useId, useState } from 'react'
import { toast } from 'sonner'
import { SelectField } from '@/components/ui/Field'
import { Modal } from '@/components/ui/Modal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { grantMembershipSql, protectedReason, revokeMembershipSql, type CurrentRoleRow, type ManagedRoleRow } from '@/lib/database/role-management'
import styles from './Database.module.css'
import own from './RolesMigrations.module.css'

type Props = { access: ProjectAccess; roles: ManagedRoleRow[]; current: CurrentRoleRow | null; role: ManagedRoleRow; onClose: () => void }

/** The roles a role is a member of: grant one the project's role administers, or revoke one; each change previewed first. */
export function MembershipModal({ access, roles, current, role, onClose }: Props) {
  const id = useId()
  const [pending, setPending] = useState<{ sql: string; action: string; done: string } | null>(null)
  const [group, setGroup] = useState('')
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      if (pending) toast.success(pending.done)
      setPending(null)
      setGroup('')
    },
  })
  const live = roles.find((r) => r.name === role.name) ?? role
  const grantable = roles.filter((r) => r.name !== role.name && !live.member_of.includes(r.name) && protectedReason(r, current) === null)
  const choose = (next: { sql: string; action: string; done: string }) => {
    run.reset()
    setPending(next)
  }

  return (
    <Modal
      open
      onOpenChange={(next) => !next && !run.isPending && onClose()}
      title={`Memberships of ${role.name}`}
      description="A member has the privileges of the roles it belongs to."
      size="medium"
      footer={
        pending && (
          <div className={styles.actions}>
            <button type="button" className="btn" onClick={() => setPending(null)} disabled={run.isPending}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" disabled={run.isPending} onClick={() => run.mutate({ ...access.db, sql: pending.sql, action: pending.action })}>
              {run.isPending ? 'Running…' : 'Run'}
            </button>
          </div>
        )
      }
    >
      <div className={own.stack}>
        {live.member_of.length === 0 ? (
          <p className="muted" style={{ margin: 0 }}>
            Not a member of any role.
          </p>
        ) : (
          <ul className={own.memberList} aria-label="Member of">
            {live.member_of.map((name) => {
              const reason = protectedReason(roles.find((r) => r.name === name) ?? { ...role, name, can_admin: false }, current)
              return (
                <li key={name}>
                  <span className={styles.mono}>{name}</span>
                  <button
                    type="button"
                    className="btn btn-sm"
                    disabled={Boolean(reason)}
                    title={reason ?? undefined}
                    onClick={() => choose({ sql: revokeMembershipSql(name, role.name), action: `revoke ${name} from ${role.name}`, done: `Revoked ${name} from ${role.name}` })}
                  >
                    Revoke
                  </button>
                </li>
              )
            })}
          </ul>
        )}
        <SelectField
          id={`${id}-group`}
          label="Grant membership of"
          value={group}
          onChange={(e) => {
            setGroup(e.target.value)
            if (e.target.value) choose({ sql: grantMembershipSql(e.target.value, role.name), action: `grant ${e.target.value} to ${role.name}`, done: `Granted ${e.target.value} to ${role.name}` })
          }}
          options={grantable.map((r) => r.name)}
          hint={grantable.length === 0 ? 'No other role the project’s role administers.' : undefined}
        >
          <option value="">Choose a role</option>
        </SelectField>
        {pending && <SqlPreview sql={pending.sql} open />}
        {run.isError && <SqlRunError error={run.error} title="The membership was not changed" />}
      </div>
    </Modal>
  )
}
