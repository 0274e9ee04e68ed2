import { useState, type FormEvent } from 'react'
import { SelectField, TextField } from '@/components/ui/Field'
import { Toggle } from '@/components/ui/Toggle'
import { useTablesOverviewQuery } from '@/data/database/tables-overview-query'
import { useProjectUsersQuery } from '@/data/project-auth/users-query'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
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
export function InspectorJoinForm({ db, busy, initial, onJoin }: { db: ProjectSqlVariables; busy: boolean; initial?: JoinOptions | null; onJoin: (options: JoinOptions) => void }) {
  const { projectRef } = db
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
    if (follow && (!schema.trim() || !table.trim())) next.table = 'Choose the table whose changes to follow'
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
          <ChangesTablePicker db={db} schema={schema} table={table} error={errors.table} onSchema={(next) => { setSchema(next); setTable('') }} onTable={setTable} />
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

/**
 * The schema and table whose changes to follow, chosen from the database's own: each table says
 * whether it is in the realtime publication (only those stream changes). A table named before
 * (a refused join kept in the form) stays choosable while the list loads.
 */
function ChangesTablePicker({ db, schema, table, error, onSchema, onTable }: { db: ProjectSqlVariables; schema: string; table: string; error?: string; onSchema: (schema: string) => void; onTable: (table: string) => void }) {
  const schemas = useSchemasQuery(db)
  const tables = useTablesOverviewQuery({ ...db, schema })
  const schemaOptions = [...new Set([schema, ...(schemas.data ?? []).map((s) => s.name)])]
  const listed = tables.data?.tables ?? []
  const tableOptions = listed.map((t) => ({ value: t.name, label: t.realtime ? t.name : `${t.name} (not in supabase_realtime)` }))
  if (table && !listed.some((t) => t.name === table)) tableOptions.unshift({ value: table, label: table })
  const chosen = listed.find((t) => t.name === table)
  let hint: string | undefined
  if (tables.isPending) hint = 'Loading the tables…'
  else if (tables.isError) hint = 'The tables could not be loaded'
  else if (listed.length === 0) hint = `${schema} has no tables`
  else if (chosen && !chosen.realtime) hint = 'Not in the supabase_realtime publication: no changes will stream until it is added (Database → Publications)'
  return (
    <>
      <SelectField id="rt-schema" label="Schema" value={schema} onChange={(e) => onSchema(e.target.value)} options={schemaOptions} />
      <SelectField id="rt-table" label="Table" value={table} onChange={(e) => onTable(e.target.value)} error={error} errorId="rt-table-error" hint={hint} options={tableOptions}>
        <option value="">Choose a table…</option>
      </SelectField>
    </>
  )
}
