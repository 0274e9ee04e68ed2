import Link from 'next/link'
import { useEffect, useId, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { FormModal } from '@/components/ui/FormModal'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useExtensionsQuery } from '@/data/database/extensions-query'
import { useTriggerFunctionsQuery } from '@/data/database/trigger-functions-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import { createHookSql, hookFunctionName, validateHook, type HookSpec } from '@/lib/database/hooks'
import { TRIGGER_EVENTS, TRIGGER_LEVELS, TRIGGER_TIMINGS, type TriggerEvent, type TriggerLevel } from '@/lib/database/triggers'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { SelectField } from '@/components/ui/Field'
import { levelLabel, RadioFieldset } from './RadioFieldset'
import styles from './Database.module.css'

type Kind = HookSpec['action']['kind']

/** pg_net on this server: installed, available to enable, or missing. */
function usePgNetState(access: ProjectAccess): 'installed' | 'available' | 'missing' | 'unknown' {
  const extensions = useExtensionsQuery(access.db)
  const row = extensions.data?.rows.find((r) => r.name === 'pg_net')
  if (!extensions.data) return 'unknown'
  if (row?.installed_version) return 'installed'
  return row?.default_version ? 'available' : 'missing'
}

/** Create a hook: table, events, timing and level, and what it does (function, notify, HTTP). */
export function HookFormModal({ access, onClose }: { access: ProjectAccess; onClose: () => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [schema, setSchema] = useState<string>('public')
  const [table, setTable] = useState('')
  const [events, setEvents] = useState<TriggerEvent[]>(['INSERT'])
  const [timing, setTiming] = useState<(typeof TRIGGER_TIMINGS)[number]>('AFTER')
  const [level, setLevel] = useState<TriggerLevel>('ROW')
  const [kind, setKind] = useState<Kind>('notify')
  const [fn, setFn] = useState('')
  const [channel, setChannel] = useState('')
  const [url, setUrl] = useState('')
  const [timeout, setTimeoutMs] = useState('5000')
  const [submitted, setSubmitted] = useState(false)

  const schemas = useSchemasQuery(access.db)
  const tables = useTablesQuery({ ...access.db, schema })
  const functions = useTriggerFunctionsQuery(access.db)
  const pgNet = usePgNetState(access)
  const tableChoices = useMemo(() => tables.data?.filter((t) => t.kind === 'r' || t.kind === 'p' || t.kind === 'f') ?? [], [tables.data])

  useEffect(() => {
    if (tables.data && !tableChoices.some((t) => t.name === table)) setTable(tableChoices[0]?.name ?? '')
  }, [tables.data, tableChoices, table])

  const [fnSchema, fnName] = fn ? (JSON.parse(fn) as [string, string]) : ['', '']
  const spec: HookSpec = {
    name: name.trim(),
    schema,
    table,
    events,
    // Notify and HTTP hooks report a change that happened: they run AFTER it.
    timing: kind === 'function' ? timing : 'AFTER',
    level,
    action:
      kind === 'function'
        ? { kind, schema: fnSchema, name: fnName }
        : kind === 'notify'
          ? { kind, channel: channel.trim() }
          : { kind, url: url.trim(), timeoutMs: Number(timeout) },
  }
  const errors = validateHook(spec)
  if (kind === 'http' && pgNet !== 'installed') errors.url = errors.url ?? 'Enable the pg_net extension first'
  const valid = Object.keys(errors).length === 0
  const sql = valid ? createHookSql(spec) : null
  const show = (field: keyof typeof errors) => (submitted ? errors[field] : undefined)

  const run = useDatabaseScriptMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`Created hook ${spec.name}`)
      onClose()
    },
  })

  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action: `create hook ${spec.name}` })
  }

  const toggleEvent = (event: TriggerEvent, on: boolean) => setEvents((list) => (on ? [...list, event] : list.filter((e) => e !== event)))
  const errorText = (field: keyof typeof errors) =>
    show(field) ? (
      <span id={`${id}-${field}-error`} className="field-error">
        {show(field)}
      </span>
    ) : null
  const describedBy = (field: keyof typeof errors) => (show(field) ? `${id}-${field}-error` : undefined)

  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create a database hook"
      size="large"
      submitLabel="Create hook"
      pendingLabel="Creating…"
      pending={run.isPending}
      formClassName={styles.form}
      onSubmit={submit}
    >
      <div className="field">
        <label className="label" htmlFor={`${id}-name`}>
          Name
        </label>
        <input id={`${id}-name`} className="input" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={Boolean(show('name'))} aria-describedby={describedBy('name')} placeholder="orders_changed" />
        {errorText('name')}
      </div>
      <div className={styles.row}>
        <SelectField id={`${id}-schema`} label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} options={(schemas.data ?? [{ name: schema }]).map((s) => s.name)} />
        <div className="field">
          <label className="label" htmlFor={`${id}-table`}>
            Table
          </label>
          <select id={`${id}-table`} className="select" value={table} onChange={(e) => setTable(e.target.value)} aria-invalid={Boolean(show('table'))} aria-describedby={describedBy('table')}>
            {tableChoices.length === 0 && <option value="">{tables.isPending ? 'Loading tables…' : 'No tables in this schema'}</option>}
            {tableChoices.map((t) => (
              <option key={t.id} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
          {tables.isError && <span className="field-error">Could not load tables: {tables.error.message}</span>}
          {errorText('table')}
        </div>
      </div>

      <fieldset className={styles.checks} aria-describedby={describedBy('events')}>
        <legend>Events</legend>
        {TRIGGER_EVENTS.map((event) => (
          <label key={event}>
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggleEvent(event, e.target.checked)} />
            {event}
          </label>
        ))}
        {errorText('events')}
      </fieldset>

      <fieldset className={styles.checks}>
        <legend>Hook type</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'notify'} onChange={() => setKind('notify')} />
          Notify channel
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'http'} onChange={() => setKind('http')} />
          HTTP request
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'function'} onChange={() => setKind('function')} />
          Call a function
        </label>
      </fieldset>

      {kind === 'notify' && (
        <div className="field">
          <label className="label" htmlFor={`${id}-channel`}>
            Channel
          </label>
          <input id={`${id}-channel`} className="input" value={channel} onChange={(e) => setChannel(e.target.value)} placeholder="orders" aria-invalid={Boolean(show('channel'))} aria-describedby={[describedBy('channel'), `${id}-channel-hint`].filter(Boolean).join(' ')} />
          <span id={`${id}-channel-hint`} className="field-hint">
            Creates the function {schema}.{hookFunctionName(name.trim() || '<name>')}() that sends the change as JSON (type, schema, table, record, old_record) with pg_notify; listeners run LISTEN {channel || 'channel'}. A payload over 8000 bytes fails the change.
          </span>
          {errorText('channel')}
        </div>
      )}

      {kind === 'http' && (
        <>
          {pgNet !== 'installed' && (
            <p className="field-hint" role="note" style={{ marginTop: 0 }}>
              {pgNet === 'available' ? (
                <>
                  HTTP hooks need the pg_net extension, which this server has but is not enabled.{' '}
                  <Link href={`/project/${encodeURIComponent(access.db.projectRef)}/database/extensions`}>Enable pg_net on the Extensions page</Link>.
                </>
              ) : pgNet === 'missing' ? (
                'HTTP hooks need the pg_net extension, which this database server does not have. Use a notify hook, or a server with pg_net installed.'
              ) : (
                'Checking whether pg_net is installed…'
              )}
            </p>
          )}
          <div className={styles.row}>
            <div className="field">
              <label className="label" htmlFor={`${id}-url`}>
                URL
              </label>
              <input id={`${id}-url`} className="input" type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/webhook" disabled={pgNet !== 'installed'} aria-invalid={Boolean(show('url'))} aria-describedby={describedBy('url')} />
              {errorText('url')}
            </div>
            <div className="field">
              <label className="label" htmlFor={`${id}-timeout`}>
                Timeout (ms)
              </label>
              <input id={`${id}-timeout`} className="input" inputMode="numeric" value={timeout} onChange={(e) => setTimeoutMs(e.target.value)} disabled={pgNet !== 'installed'} aria-invalid={Boolean(show('timeout'))} aria-describedby={describedBy('timeout')} />
              {errorText('timeout')}
            </div>
          </div>
        </>
      )}

      {kind === 'function' && (
        <>
          <div className="field">
            <label className="label" htmlFor={`${id}-function`}>
              Function
            </label>
            <select id={`${id}-function`} className="select" value={fn} onChange={(e) => setFn(e.target.value)} aria-invalid={Boolean(show('function'))} aria-describedby={describedBy('function')}>
              <option value="">{functions.isPending ? 'Loading functions…' : functions.data?.length ? 'Choose a function' : 'No trigger functions yet'}</option>
              {functions.data?.map((f) => (
                <option key={f.id} value={JSON.stringify([f.schema, f.name])}>
                  {f.schema}.{f.name}()
                </option>
              ))}
            </select>
            {functions.isError && <span className="field-error">Could not load functions: {functions.error.message}</span>}
            <span className="field-hint">Functions that return trigger and take no arguments.</span>
            {errorText('function')}
          </div>
          <RadioFieldset legend="Timing" name={`${id}-timing`} options={TRIGGER_TIMINGS} value={timing} onChange={setTiming} />
        </>
      )}

      <RadioFieldset legend="Fire" name={`${id}-level`} options={TRIGGER_LEVELS} value={level} onChange={setLevel} label={levelLabel} error={show('level')} errorId={`${id}-level-error`} />

      <SqlPreview sql={sql} open emptyText="Complete the form to see the SQL." />
      {run.isError && <SqlRunError error={run.error} title="The hook was not created" />}
    </FormModal>
  )
}
