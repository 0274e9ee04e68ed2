/**
 * Starting points for a new policy (issue 12): the common rules written out, for the form to fill
 * in and the member to read as SQL before it runs. "Own rows" templates compare the signed-in
 * user's id, `(select auth.uid())` (evaluated once per statement, not per row), with a uuid column.
 */
import { quoteIdentifier } from '@/lib/sql/identifiers'
import type { PolicySpec, PolicyTable } from './policies'

export type PolicyTemplate = {
  id: string
  label: string
  description: string
  /** Compares rows with the signed-in user: needs a uuid column holding the user's id. */
  needsUserColumn: boolean
  build: (userColumn: string) => PolicySpec
}

/** The column the "own rows" templates compare with: `user_id` when the table has it, else its first uuid column. */
export function defaultUserColumn(table: Pick<PolicyTable, 'uuidColumns'>): string | null {
  if (table.uuidColumns.includes('user_id')) return 'user_id'
  return table.uuidColumns[0] ?? null
}

/** `(select auth.uid()) = column`. */
export const ownRowsExpression = (column: string) => `(select auth.uid()) = ${quoteIdentifier(column)}`

const own = (id: string, verb: string, command: 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE', description: string): PolicyTemplate => ({
  id,
  label: `Users can ${verb} their own rows`,
  description,
  needsUserColumn: true,
  build: (column) => ({
    name: `Users can ${verb} their own rows`,
    command,
    permissive: true,
    roles: ['authenticated'],
    using: command === 'INSERT' ? '' : ownRowsExpression(column),
    withCheck: command === 'INSERT' || command === 'UPDATE' ? ownRowsExpression(column) : '',
  }),
})

export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  {
    id: 'read-everyone',
    label: 'Enable read access for everyone',
    description: 'Anyone with the anon key, signed in or not, can read every row.',
    needsUserColumn: false,
    build: () => ({ name: 'Enable read access for everyone', command: 'SELECT', permissive: true, roles: ['anon', 'authenticated'], using: 'true', withCheck: '' }),
  },
  {
    id: 'insert-authenticated',
    label: 'Enable insert for authenticated users only',
    description: 'Signed-in users can add rows; visitors cannot.',
    needsUserColumn: false,
    build: () => ({ name: 'Enable insert for authenticated users only', command: 'INSERT', permissive: true, roles: ['authenticated'], using: '', withCheck: 'true' }),
  },
  own('own-read', 'read', 'SELECT', 'A signed-in user reads only the rows whose user column holds their id.'),
  own('own-insert', 'insert', 'INSERT', 'A signed-in user adds rows only with their own id in the user column.'),
  own('own-update', 'update', 'UPDATE', 'A signed-in user changes only their rows, and cannot hand them to someone else.'),
  own('own-delete', 'delete', 'DELETE', 'A signed-in user deletes only their own rows.'),
  {
    id: 'service-role',
    label: 'Service role only',
    description: 'Only requests with the service key get through; the anon key and user tokens see nothing.',
    needsUserColumn: false,
    build: () => ({ name: 'Service role only', command: 'ALL', permissive: true, roles: ['service_role'], using: 'true', withCheck: 'true' }),
  },
]

/** A blank policy: the form starts from nothing but a command and the signed-in users. */
export const BLANK_POLICY: PolicySpec = { name: '', command: 'SELECT', permissive: true, roles: ['authenticated'], using: '', withCheck: '' }
