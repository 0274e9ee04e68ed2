import { useState, type FormEvent } from 'react'
import { SelectField, TextField } from '@/components/ui/Field'
import { Toggle } from '@/components/ui/Toggle'
import { useProjectUsersQuery } from '@/data/project-auth/users-query'
import type { InspectorRole } from '@/data/realtime/inspector-token'
import type { JoinOptions } from './inspector-types'
import styles from './Realtime.module.css'

const ROLE_OPTIONS = [
  { value: 'anon', label: 'anon (a visitor without a session)' },
  { value: 'authenticated', label: 'authenticated (a project user)' },
  { value: 'service_role', label: 'service_role (bypasses row level security)' },
]
const EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const
/** Topic names realtime-js would send as is: no spaces, at most 255 characters with the prefix. */
const CHANNEL_NAME = /^[^\s]{1,200}$/

type Errors = Partial<Record<'channel' | 'user' | 'table', string>>

/** The join form: role (and user), channel, private, and a table's changes to follow. */
export function InspectorJoinForm({ projectRef, busy, initial, onJoin }: { projectRef: string; busy: boolean; initial?: JoinOptions | null; onJoin: (options: JoinOptions) => void }) {
  // After a refused join or a leave the form shows what was asked last, to change and try again.
  const [role, setRole] = useState<InspectorRole>(initial?.role ?? 'anon')
  const [userId, setUserId] = useState(initial?.userId ?? '')
  const [channel, setChannel] = useState(initial?.channel ?? 'room-1')
  const [isPrivate, setPrivate] = useState(initial?.private ?? false)
  const [follow, setFollow] = useState(Boolean(initial?.changes))
  const [schema, setSchema] = useState(initial?.changes?.schema ?? 'public')
  const [table, setTable] = useState(initial?.changes?.table ?? '')
  const [event, setEvent] = useState<(typeof EVENTS)[number]>(initial?.changes?.event ?? '*')
  const [filter, setFilter] = useState(initial?.changes?.filter ?? '')
  const [errors, setErrors] = useState<Errors>({})
  const users = useProjectUsersQuery({ projectRef, page: 1, per_page: 100, enabled: role === 'authenticated' })

  function submit(e: FormEvent) {
    e.preventDefault()
    const next: Errors = {}
    if (!CHANNEL_NAME.test(channel.trim())) next.channel = 'Name the channel: 1 to 200 characters without spaces'
    if (role === 'authenticated' && !userId) next.user = 'Choose the user whose session to act as'
    if (follow && (!schema.trim() || !table.trim())) next.table = 'Name the schema and table whose changes to follow'
    setErrors(next)
    if (Object.keys(next).length > 0) return
    onJoin({
      role,
      userId: role === 'authenticated' ? userId : undefined,
      channel: channel.trim(),
      private: isPrivate,
      changes: follow ? { schema: schema.trim(), table: table.trim(), event, filter: filter.trim() } : null,
    })
  }

  let userField = null
  if (role === 'authenticated') {
    const hint = users.isPending ? 'Loading users…' : users.isError ? 'The users could not be loaded' : users.data.users.length === 0 ? 'The project has no users yet: add one in Authentication → Users' : undefined
    userField = (
      <SelectField id="rt-user" label="User" value={userId} onChange={(e) => setUserId(e.target.value)} error={errors.user} errorId="rt-user-error" hint={hint}
        options={(users.data?.users ?? []).map((u) => ({ value: u.id, label: u.email ?? u.id }))}>
        <option value="">Choose a user…</option>
      </SelectField>
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Join a channel" noValidate>
      <SelectField id="rt-role" label="Role" value={role} onChange={(e) => setRole(e.target.value as InspectorRole)} options={ROLE_OPTIONS} />
      {userField}
      <TextField id="rt-channel" label="Channel" value={channel} onChange={(e) => setChannel(e.target.value)} error={errors.channel} errorId="rt-channel-error" autoComplete="off" />
      <Toggle label="Private channel" description="Authorized by the policies on realtime.messages" checked={isPrivate} onChange={setPrivate} size="small" />
      <Toggle label="Database changes" description="Listen to a table's inserts, updates and deletes: only tables in the supabase_realtime publication (Database → Publications) stream them" checked={follow} onChange={setFollow} size="small" />
      {follow && (
        <div className={styles.changes}>
          <TextField id="rt-schema" label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} autoComplete="off" />
          <TextField id="rt-table" label="Table" value={table} onChange={(e) => setTable(e.target.value)} error={errors.table} errorId="rt-table-error" autoComplete="off" />
          <SelectField id="rt-event" label="Event" value={event} onChange={(e) => setEvent(e.target.value as (typeof EVENTS)[number])} options={EVENTS} />
          <TextField id="rt-filter" label="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="id=gt.10" hint="Optional: column=operator.value (eq, neq, lt, lte, gt, gte, in)" autoComplete="off" />
        </div>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Joining…' : 'Join channel'}
      </button>
    </form>
  )
}
