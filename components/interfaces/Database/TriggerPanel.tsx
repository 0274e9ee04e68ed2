import Link from 'next/link'
import { useEffect, useId, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { Field, SelectField, TextField } from '@/components/ui/Field'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useTriggerFunctionsQuery } from '@/data/database/trigger-functions-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTableQuery } from '@/data/table-editor/table-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { ALL_TRIGGER_TIMINGS, createTriggerSql, TRIGGER_EVENTS, TRIGGER_LEVELS, validateTrigger, type TriggerEvent, type TriggerLevel, type TriggerSpec, type TriggerTiming } from '@/lib/database/triggers'
import { levelLabel, RadioFieldset } from './RadioFieldset'
import { SidePanelForm } from './SidePanelForm'
import dbStyles from './Database.module.css'

const TABLE_KINDS = new Set(['r', 'p', 'f', 'v'])

/** Create a data trigger: table, timing, events (UPDATE OF columns), level, function, WHEN condition and arguments. */
export function TriggerPanel({ access, onClose }: { access: ProjectAccess; onClose: () => void }) {
  const id = useId()
  const [name, setName] = useState('')
  const [schema, setSchema] = useState('public')
  const [table, setTable] = useState('')
  const [timing, setTiming] = useState<TriggerTiming>('BEFORE')
  const [events, setEvents] = useState<TriggerEvent[]>(['INSERT'])
  const [updateColumns, setUpdateColumns] = useState<string[]>([])
  const [level, setLevel] = useState<TriggerLevel>('ROW')
  const [fn, setFn] = useState('')
  const [condition, setCondition] = useState('')
  const [argumentsText, setArgumentsText] = useState('')
  const [submitted, setSubmitted] = useState(false)

  const schemas = useSchemasQuery(access.db)
  const tables = useTablesQuery({ ...access.db, schema })
  const functions = useTriggerFunctionsQuery(access.db)
  const choices = useMemo(() => tables.data?.filter((t) => TABLE_KINDS.has(t.kind)) ?? [], [tables.data])
  const chosen = choices.find((t) => t.name === table)
  const columns = useTableQuery({ ...access.db, id: chosen?.id, enabled: events.includes('UPDATE') && timing !== 'INSTEAD OF' })

  useEffect(() => {
    if (tables.data && !choices.some((t) => t.name === table)) setTable(choices[0]?.name ?? '')
  }, [tables.data, choices, table])
  useEffect(() => setUpdateColumns([]), [schema, table])

  const [fnSchema, fnName] = fn ? (JSON.parse(fn) as [string, string]) : ['', '']
  const spec: TriggerSpec = {
    name: name.trim(),
    schema,
    table,
    tableKind: chosen?.kind ?? 'r',
    timing,
    events,
    updateColumns: events.includes('UPDATE') ? updateColumns : [],
    level,
    function: { schema: fnSchema, name: fnName },
    condition,
    arguments: argumentsText.split('\n').filter((line) => line !== ''),
  }
  const errors = validateTrigger(spec)
  const sql = Object.keys(errors).length === 0 ? createTriggerSql(spec) : null
  const shown = submitted ? errors : {}
  const err = (field: keyof typeof errors) => ({ error: shown[field], errorId: `${id}-${field}-error` })
  const errorLine = (field: keyof typeof errors) =>
    shown[field] ? (
      <span id={`${id}-${field}-error`} className="field-error">
        {shown[field]}
      </span>
    ) : null

  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Created trigger ${spec.name}`)
      onClose()
    },
  })
  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action: `create trigger ${spec.name} on ${schema}.${table}` })
  }
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item))

  return (
    <SidePanelForm access={access} title="Create a trigger" submitLabel="Create trigger" pending={run.isPending} onSubmit={submit} onClose={onClose}>
      <TextField id={`${id}-name`} label="Name" value={name} onChange={(e) => setName(e.target.value)} placeholder="orders_set_updated_at" {...err('name')} />
      <div className={dbStyles.row}>
        <SelectField id={`${id}-schema`} label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)} options={(schemas.data ?? [{ name: schema }]).map((s) => s.name)} />
        <SelectField id={`${id}-table`} label="Table" value={table} onChange={(e) => setTable(e.target.value)} options={choices.map((t) => ({ value: t.name, label: t.kind === 'v' ? `${t.name} (view)` : t.name }))} {...err('table')}>
          {choices.length === 0 && <option value="">{tables.isPending ? 'Loading tables…' : 'No tables in this schema'}</option>}
        </SelectField>
      </div>
      {tables.isError && <span className="field-error">Could not load tables: {tables.error.message}</span>}

      <RadioFieldset legend="Timing" name={`${id}-timing`} options={ALL_TRIGGER_TIMINGS} value={timing} onChange={setTiming} error={shown.timing} errorId={`${id}-timing-error`} />

      <fieldset className={dbStyles.checks} aria-describedby={shown.events ? `${id}-events-error` : undefined}>
        <legend>Events</legend>
        {TRIGGER_EVENTS.map((event) => (
          <label key={event}>
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => setEvents((list) => toggle(list, event, e.target.checked))} />
            {event}
          </label>
        ))}
        {errorLine('events')}
      </fieldset>

      {events.includes('UPDATE') && timing !== 'INSTEAD OF' && (
        <fieldset className={dbStyles.checks}>
          <legend>UPDATE OF columns (none chosen: any column)</legend>
          {columns.isPending && <span className="muted">Loading columns…</span>}
          {columns.isError && <span className="field-error">Could not load the columns: {columns.error.message}</span>}
          {columns.data?.columns.map((column) => (
            <label key={column.name}>
              <input type="checkbox" checked={updateColumns.includes(column.name)} onChange={(e) => setUpdateColumns((list) => toggle(list, column.name, e.target.checked))} />
              {column.name}
            </label>
          ))}
        </fieldset>
      )}

      <RadioFieldset legend="Fire" name={`${id}-level`} options={TRIGGER_LEVELS} value={level} onChange={setLevel} label={levelLabel} error={shown.level} errorId={`${id}-level-error`} />

      <SelectField
        id={`${id}-function`}
        label="Function"
        value={fn}
        onChange={(e) => setFn(e.target.value)}
        options={(functions.data ?? []).map((f) => ({ value: JSON.stringify([f.schema, f.name]), label: `${f.schema}.${f.name}()` }))}
        hint="Functions that return trigger and take no arguments."
        {...err('function')}
      >
        <option value="">{functions.isPending ? 'Loading functions…' : functions.data?.length ? 'Choose a function' : 'No trigger functions yet'}</option>
      </SelectField>
      {functions.isError && <span className="field-error">Could not load functions: {functions.error.message}</span>}
      <div style={{ marginBottom: '0.75rem' }}>
        <Link href={`/project/${encodeURIComponent(access.db.projectRef)}/database/functions`}>Write a trigger function</Link>
      </div>

      <TextField
        id={`${id}-condition`}
        label="Condition (WHEN)"
        value={condition}
        onChange={(e) => setCondition(e.target.value)}
        placeholder="new.total is distinct from old.total"
        hint="Optional. One boolean expression over NEW and OLD (row triggers): the function runs only when it is true."
        {...err('condition')}
      />

      <Field id={`${id}-arguments`} label="Arguments" hint="Optional. One per line: strings the function reads as TG_ARGV[0], TG_ARGV[1]…" {...err('arguments')}>
        <textarea
          id={`${id}-arguments`}
          rows={2}
          value={argumentsText}
          onChange={(e) => setArgumentsText(e.target.value)}
          placeholder="updated_at"
          className="input"
        />
      </Field>

      <SqlPreview sql={sql} open emptyText={submitted ? 'Fix the fields marked above to see the SQL.' : 'Complete the form to see the SQL.'} />
      {run.isError && <SqlRunError error={run.error} title="The trigger was not created" />}
    </SidePanelForm>
  )
}
