import { useState, type ReactNode } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useProjectUserQuery } from '@/data/project-auth/user-query'
import type { ProjectUser } from '@/data/project-auth/users-query'
import { formatDateTime } from '@/lib/formatting'
import { isBanned } from './project-auth.utils'
import { EditMetadataModal } from './EditMetadataModal'
import { UserActions } from './UserActions'
import { timeOr } from './UsersTable'
import styles from './ProjectAuth.module.css'

type Props = { projectRef: string; userId: string; canManage: boolean; blockedReason: string | null; onClose: () => void }

/** A user's details in a panel at the side: the record, its metadata and (for Developers and up) what can be done to it. */
export function UserPanel({ projectRef, userId, canManage, blockedReason, onClose }: Props) {
  const user = useProjectUserQuery({ projectRef, id: userId })
  const [editing, setEditing] = useState(false)
  let body
  if (user.isError && !user.data) body = <QueryErrorState title="Failed to load the user" query={user} />
  else if (user.isPending) body = <SkeletonLines lines={6} label="Loading the user" />
  else
    body = (
      <>
        <UserDetails user={user.data} onEditMetadata={canManage ? () => setEditing(true) : undefined} />
        {editing && <EditMetadataModal projectRef={projectRef} user={user.data} onClose={() => setEditing(false)} />}
        <section className={styles.section} aria-label="Actions">
          <h3>Actions</h3>
          {canManage ? <UserActions projectRef={projectRef} user={user.data} onDeleted={onClose} /> : <p className="field-hint">{blockedReason}</p>}
        </section>
      </>
    )
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={user.data?.email ?? 'User'} description="A user of this project's auth" className={styles.panel}>
      {body}
    </Modal>
  )
}

function UserDetails({ user, onEditMetadata }: { user: ProjectUser; onEditMetadata?: () => void }) {
  const banned = isBanned(user)
  return (
    <>
      <dl className={styles.details}>
        <dt>User ID</dt>
        <dd>
          <code className="mono">{user.id}</code>
          <CopyButton text={user.id} aria-label="Copy user ID" />
        </dd>
        <dt>Email</dt>
        <dd>{user.email ?? <span className="muted">None</span>}</dd>
        <dt>Created</dt>
        <dd>{timeOr(user.created_at, '')}</dd>
        <dt>Updated</dt>
        <dd>{timeOr(user.updated_at, '')}</dd>
        <dt>Last sign-in</dt>
        <dd>{timeOr(user.last_sign_in_at, 'Never')}</dd>
        <dt>Email confirmed</dt>
        <dd>{timeOr(user.email_confirmed_at, 'Not confirmed: the user cannot sign in until confirmed')}</dd>
        <dt>Ban</dt>
        <dd>{banned && user.banned_until ? <span>Banned until {formatDateTime(user.banned_until)}</span> : <span className="muted">Not banned</span>}</dd>
      </dl>
      <MetadataBlock
        title="User metadata"
        value={user.user_metadata}
        action={
          onEditMetadata && (
            <button type="button" className="btn btn-sm" onClick={onEditMetadata}>
              Edit user metadata
            </button>
          )
        }
      />
      <MetadataBlock title="App metadata" value={user.app_metadata} />
    </>
  )
}

function MetadataBlock({ title, value, action }: { title: string; value: Record<string, unknown>; action?: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.sectionTitle}>
        <h3>{title}</h3>
        {action}
      </div>
      <pre className={`mono ${styles.json}`}>{JSON.stringify(value, null, 2)}</pre>
    </section>
  )
}
