import { useId, useState } from 'react'
import { toast } from 'sonner'
import { TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import type { ProjectAccess } from '@/hooks/use-project-access'
import {
  alterRoleSql,
  attributesOf,
  createRoleSql,
  grantableAttributes,
  protectedReason,
  roleNameError,
  type CurrentRoleRow,
  type ManagedRoleRow,
  type RoleAttributes,
} from '@/lib/database/role-management'
import styles from './Database.module.css'
import own from './RolesMigrations.module.css'

type Props = { access: ProjectAccess; roles: ManagedRoleRow[]; current: CurrentRoleRow | null; role: ManagedRoleRow | null; onClose: () => void }

const FLAGS: { key: 'createDb' | 'createRole' | 'bypassRls' | 'replication' | 'superuser'; label: string }[] = [
  { key: 'createDb', label: 'Create databases' },
  { key: 'createRole', label: 'Create roles' },
  { key: 'bypassRls', label: 'Bypass row level security' },
  { key: 'replication', label: 'Replication' },
  { key: 'superuser', label: 'Superuser' },
]

/** Create a role, or change one's attributes, password and name. The password is sent once and never shown again. */
export function RoleFormModal({ access, roles, current, role, onClose }: Props) {
  const id = useId()
  const editing = role !== null
  const allowed = grantableAttributes(current)
  const [name, setName] = useState(role?.name ?? '')
  const [attributes, setAttributes] = useState<RoleAttributes>(attributesOf(role))
  const [password, setPassword] = useState('')
  const [memberOf, setMemberOf] = useState<string[]>([])
  const [limitText, setLimitText] = useState(String(attributes.connectionLimit))
  const [submitted, setSubmitted] = useState(false)
  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(editing ? `Saved role ${name}` : `Created role ${name}`)
      onClose()
    },
  })

  const nameError = editing && name === role.name ? null : roleNameError(name) ?? (roles.some((r) => r.name === name) ? 'A role of that name exists' : null)
  const limit = Number(limitText)
  const limitError = /^-?\d+$/.test(limitText.trim()) && limit >= -1 ? null : 'A whole number: -1 for no limit'
  const valid = !nameError && !limitError
  const attrs = { ...attributes, connectionLimit: valid ? limit : -1 }
  const build = (masked: boolean) =>
    editing
      ? alterRoleSql({ name: role.name, newName: name, attributes: attrs, password }, allowed, { masked })
      : createRoleSql({ name, attributes: attrs, password, memberOf }, allowed, { masked })
  // Roles it may join: those the member's role administers and the platform does not keep.
  const groups = roles.filter((r) => !r.can_login && protectedReason(r, current) === null)
  const set = (patch: Partial<RoleAttributes>) => setAttributes((a) => ({ ...a, ...patch }))

  return (
    <FormModal
      open
      onOpenChange={(next) => !next && onClose()}
      title={editing ? `Edit role ${role.name}` : 'Create a role'}
      description="The SQL below runs as the project's role, in one transaction; Postgres refuses any right the project's role does not have."
      size="large"
      submitLabel={editing ? 'Save role' : 'Create role'}
      pending={run.isPending}
      formClassName={own.stack}
      onSubmit={() => {
        setSubmitted(true)
        if (valid) run.mutate({ ...access.db, sql: build(false), action: editing ? `alter role ${role.name}` : `create role ${name}` })
      }}
    >
      <TextField id={`${id}-name`} label="Name" value={name} onChange={(e) => setName(e.target.value)} error={submitted || name ? nameError : undefined} autoComplete="off" spellCheck={false} />
      <fieldset className={styles.checks}>
        <legend>Attributes</legend>
        <label>
          <input type="checkbox" checked={attributes.canLogin} onChange={(e) => set({ canLogin: e.target.checked })} />
          Can log in
        </label>
        {FLAGS.map((flag) => (
          <label key={flag.key} title={allowed[flag.key] ? undefined : "The project's role does not have it, so it cannot give it"}>
            <input type="checkbox" checked={attributes[flag.key]} disabled={!allowed[flag.key]} onChange={(e) => set({ [flag.key]: e.target.checked })} />
            {flag.label}
          </label>
        ))}
      </fieldset>
      {FLAGS.some((f) => !allowed[f.key]) && (
        <p className="muted" style={{ margin: 0 }}>
          Greyed out: attributes the project&apos;s role does not have itself, which it cannot give.
        </p>
      )}
      {attributes.canLogin && (
        <TextField
          id={`${id}-password`}
          label={editing ? 'New password (leave empty to keep it)' : 'Password'}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint="Sent once to set the role's password; it is never shown again, and the preview, the logs and the migration history hide it."
        />
      )}
      <div className={styles.row}>
        <TextField id={`${id}-limit`} label="Connection limit" inputMode="numeric" value={limitText} onChange={(e) => setLimitText(e.target.value)} error={limitError ?? undefined} hint="-1: no limit" />
        <TextField
          id={`${id}-until`}
          label="Valid until"
          type="datetime-local"
          value={attributes.validUntil ? attributes.validUntil.slice(0, 16).replace(' ', 'T') : ''}
          onChange={(e) => set({ validUntil: e.target.value ? `${e.target.value}:00Z` : null })}
          hint="The password stops working then (UTC); empty: always valid"
        />
      </div>
      {!editing && groups.length > 0 && (
        <fieldset className={styles.checks}>
          <legend>Member of</legend>
          {groups.map((g) => (
            <label key={g.name}>
              <input type="checkbox" checked={memberOf.includes(g.name)} onChange={(e) => setMemberOf((m) => (e.target.checked ? [...m, g.name] : m.filter((n) => n !== g.name)))} />
              {g.name}
            </label>
          ))}
        </fieldset>
      )}
      <SqlPreview sql={valid ? build(true) : null} open emptyText="Complete the form to see the SQL." />
      {run.isError && <SqlRunError error={run.error} title={editing ? 'The role was not changed' : 'The role was not created'} />}
    </FormModal>
  )
}
