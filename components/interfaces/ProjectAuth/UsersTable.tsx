import { Badge } from '@/components/ui/Badge'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import type { ProjectUser } from '@/data/project-auth/users-query'
import { formatDateTime } from '@/lib/formatting'
import { isBanned, shortId } from './project-auth.utils'
import styles from './ProjectAuth.module.css'

/** A date as a `<time>`, or `none` (muted) when there is none. */
export const timeOr = (value: string | null, none: string) => (value ? <time dateTime={value}>{formatDateTime(value)}</time> : <span className="muted">{none}</span>)

/** One page of users; a user's address opens its details. */
export function UsersTable({ users, busy, onOpen }: { users: ProjectUser[]; busy: boolean; onOpen: (user: ProjectUser) => void }) {
  return (
    <DataTable
      label="Users"
      rows={users}
      busy={busy}
      empty={<EmptyState title="No users on this page" description="Users were removed since the list was loaded; go back a page." />}
      rowKey={(user) => user.id}
      columns={[
        {
          key: 'email',
          header: 'Email',
          rowHeader: true,
          render: (user) => (
            <button type="button" className={styles.emailButton} onClick={() => onOpen(user)}>
              {user.email ? <EmailText email={user.email} /> : '(no email)'}
            </button>
          ),
        },
        {
          key: 'id',
          header: 'User ID',
          hideOnMobile: true,
          render: (user) => (
            <code className="mono" title={user.id}>
              {shortId(user.id)}
            </code>
          ),
        },
        { key: 'created', header: 'Created', nowrap: true, hideOnMobile: true, render: (user) => timeOr(user.created_at, '') },
        { key: 'last-sign-in', header: 'Last sign-in', nowrap: true, render: (user) => timeOr(user.last_sign_in_at, 'Never') },
        {
          key: 'confirmed',
          header: 'Confirmed',
          render: (user) => (user.email_confirmed_at ? 'Yes' : <Badge variant="warning">Waiting</Badge>),
        },
        {
          key: 'banned',
          header: 'Banned',
          render: (user) => (isBanned(user) ? <Badge variant="danger">Banned</Badge> : <span className="muted">No</span>),
        },
      ]}
    />
  )
}

/**
 * An address that wraps only after its @, each part kept whole (issue 26: on a phone the users
 * table broke addresses a few letters per line); the table scrolls sideways when a part is wider.
 */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@')
  if (at <= 0) return <span className={styles.nowrap}>{email}</span>
  return (
    <>
      <span className={styles.nowrap}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span className={styles.nowrap}>{email.slice(at + 1)}</span>
    </>
  )
}
