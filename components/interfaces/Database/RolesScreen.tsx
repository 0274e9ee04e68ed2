import dynamic from 'next/dynamic'
import { useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { DatabaseGate } from '@/components/ui/DatabaseGate'
import { DataTable } from '@/components/ui/DataTable'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { WriteButton } from '@/components/ui/WriteButton'
import { useManagedRolesQuery } from '@/data/database/managed-roles-query'
import { useProjectAccess, type ProjectAccess } from '@/hooks/use-project-access'
import { protectedReason, reservedReason, type CurrentRoleRow, type ManagedRoleRow } from '@/lib/database/role-management'
import styles from './Database.module.css'
import own from './RolesMigrations.module.css'

// Dialogs load when first opened, keeping the screen's first load small.
const RoleFormModal = dynamic(() => import('./RoleFormModal').then((m) => m.RoleFormModal), { ssr: false })
const MembershipModal = dynamic(() => import('./MembershipModal').then((m) => m.MembershipModal), { ssr: false })
const DropRoleModal = dynamic(() => import('./DropRoleModal').then((m) => m.DropRoleModal), { ssr: false })

/** Why the member cannot create roles here, or null. */
export function createBlockedReason(current: CurrentRoleRow | null): string | null {
  if (current?.superuser || current?.create_role) return null
  return "Roles are shared by every database of this Postgres server, so the project's role may not create or change them."
}

/** /project/{ref}/database/roles: the database's roles, which of them the member may change, and the changes as SQL. */
export function RolesScreen({ projectRef }: { projectRef: string }) {
  const access = useProjectAccess(projectRef)
  return (
    <div className={styles.screen}>
      <div className={styles.header}>
        <div>
        <h1>Roles</h1>
        <p className="muted">
          Postgres roles own objects and hold privileges; login roles connect with a password. The platform&apos;s own roles are shown, protected.
        </p>
        </div>
      </div>
      <DatabaseGate access={access}>
        <RolesList access={access} />
      </DatabaseGate>
    </div>
  )
}

type Dialog = { kind: 'create' } | { kind: 'edit' | 'members' | 'drop'; role: ManagedRoleRow } | null

function attributeBadges(role: ManagedRoleRow): string[] {
  const out: string[] = []
  if (role.superuser) out.push('Superuser')
  if (role.can_login) out.push('Login')
  if (role.create_db) out.push('Create DB')
  if (role.create_role) out.push('Create role')
  if (role.replication) out.push('Replication')
  if (role.bypass_rls) out.push('Bypass RLS')
  return out
}

function RolesList({ access }: { access: ProjectAccess }) {
  const query = useManagedRolesQuery(access.db)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [showPredefined, setShowPredefined] = useState(false)

  if (query.isPending) return <SkeletonLines lines={6} label="Loading roles" />
  if (query.isError) return <ErrorState title="Failed to load roles" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />

  const { roles, current } = query.data
  // A Read-only member's SQL runs as the read-only role: only the platform's reasons apply to what it sees.
  const reasonOf = (role: ManagedRoleRow) => (access.canWrite ? protectedReason(role, current) : reservedReason(role.name))
  const blocked = (role: ManagedRoleRow) => access.writeBlockedReason ?? reasonOf(role)
  const createBlocked = access.writeBlockedReason ?? createBlockedReason(current)
  const manageable = roles.filter((r) => reasonOf(r) === null).length
  const shown = showPredefined ? roles : roles.filter((r) => !r.name.startsWith('pg_'))

  return (
    <>
      <div className={own.statusBar}>
        <p className="muted" role="status">
          {roles.length} roles · {access.canWrite ? `${manageable} you can change` : 'read-only access'}
        </p>
        <label style={{ display: 'inline-flex', gap: '0.4rem', alignItems: 'center', marginLeft: 'auto' }}>
          <input type="checkbox" checked={showPredefined} onChange={(e) => setShowPredefined(e.target.checked)} />
          Show Postgres&apos;s predefined pg_* roles
        </label>
        <WriteButton blockedReason={createBlocked} className="btn btn-primary" onClick={() => setDialog({ kind: 'create' })}>
          Create role
        </WriteButton>
      </div>
      {access.canWrite && createBlockedReason(current) && (
        <Admonition type="default" title="Roles are shared by the whole server">
          On this Postgres server every project&apos;s database sees the same roles, so the project&apos;s role ({current?.name ?? 'unknown'}) has no CREATEROLE: it can see
          the roles but neither create nor change them. Grant privileges to the existing roles from Column privileges or the SQL editor.
        </Admonition>
      )}
      <DataTable
        label="Roles"
        rows={shown}
        rowKey={(r) => r.name}
        columns={[
          {
            key: 'name',
            header: 'Name',
            rowHeader: true,
            className: styles.mono,
            render: (r) => (
              <>
                {r.name} {r.is_current && <Badge variant="brand">Your role</Badge>}
              </>
            ),
          },
          {
            key: 'attributes',
            header: 'Attributes',
            render: (r) => {
              const badges = attributeBadges(r)
              return badges.length ? (
                <span className={own.attributes}>
                  {badges.map((b) => (
                    <Badge key={b} variant={b === 'Superuser' || b === 'Bypass RLS' ? 'warning' : 'default'}>
                      {b}
                    </Badge>
                  ))}
                </span>
              ) : (
                <span className="muted">None</span>
              )
            },
          },
          { key: 'limit', header: 'Connection limit', hideOnMobile: true, render: (r) => (r.connection_limit < 0 ? 'No limit' : r.connection_limit) },
          { key: 'until', header: 'Valid until', hideOnMobile: true, nowrap: true, render: (r) => (r.valid_until && r.valid_until !== 'infinity' ? r.valid_until : 'Always') },
          { key: 'member', header: 'Member of', className: styles.mono, render: (r) => (r.member_of.length ? r.member_of.join(', ') : <span className="muted">—</span>) },
          {
            key: 'status',
            header: 'Changes',
            render: (r) => {
              const reason = reasonOf(r)
              return reason ? (
                <span className={own.reason}>
                  <Badge>Protected</Badge> {reason}
                </span>
              ) : (
                <Badge variant="brand">You can change it</Badge>
              )
            },
          },
        ]}
        // A protected role says why in its row; only the roles the member may change have buttons
        // (a Read-only member's stay, disabled, saying why).
        actions={(r) =>
          reasonOf(r) === null && (
          <span className={styles.actions}>
            <WriteButton blockedReason={blocked(r)} className="btn btn-sm" onClick={() => setDialog({ kind: 'edit', role: r })} aria-label={`Edit ${r.name}`}>
              Edit
            </WriteButton>
            <WriteButton blockedReason={blocked(r)} className="btn btn-sm" onClick={() => setDialog({ kind: 'members', role: r })} aria-label={`Memberships of ${r.name}`}>
              Memberships
            </WriteButton>
            <WriteButton blockedReason={blocked(r) ?? (r.is_current ? 'You cannot drop your own role.' : null)} className="btn btn-sm btn-danger" onClick={() => setDialog({ kind: 'drop', role: r })} aria-label={`Drop ${r.name}`}>
              Drop
            </WriteButton>
          </span>
          )
        }
      />
      {dialog?.kind === 'create' && <RoleFormModal access={access} roles={roles} current={current} role={null} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <RoleFormModal access={access} roles={roles} current={current} role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'members' && <MembershipModal access={access} roles={roles} current={current} role={dialog.role} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'drop' && <DropRoleModal access={access} role={dialog.role} onClose={() => setDialog(null)} />}
    </>
  )
}
