import { useEffect, useId, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { Field, SelectField, TextField } from '@/components/ui/Field'
import { FormModal } from '@/components/ui/FormModal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { useIndexColumnsQuery, useIndexMethodsQuery } from '@/data/database/index-form-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import { moveItem } from '@/lib/database/enum-types'
import { createIndexSql, INDEX_METHODS, validateIndex, type IndexFormPrefill, type IndexMethod } from '@/lib/database/indexes'
import type { ProjectAccess } from '@/hooks/use-project-access'
import styles from './Database.module.css'
import own from './TypesIndexes.module.css'

/** Create an index: table, method, columns in order (each with an operator class if need be), expressions, unique, partial WHERE, and CONCURRENTLY on a Postgres server. */
export function CreateIndexModal({ access, prefill, onClose }: { access: ProjectAccess; prefill: IndexFormPrefill | null; onClose: () => void }) {
  const id = useId()
  const [schema, setSchema] = useState(prefill?.schema ?? 'public')
  const [table, setTable] = useState(prefill?.table ?? '')
  const [method, setMethod] = useState<IndexMethod>('btree')
  const [columns, setColumns] = useState<string[]>(prefill?.columns ?? [])
  const [adding, setAdding] = useState('')
  const [unique, setUnique] = useState(false)
  const [where, setWhere] = useState('')
  const [name, setName] = useState('')
  const [concurrently, setConcurrently] = useState(false)
  const [opclasses, setOpclasses] = useState<Record<string, string>>({})
  const [expressionsText, setExpressionsText] = useState('')
  const [submitted, setSubmitted] = useState(false)

  // CONCURRENTLY cannot run in the jail's function or a transaction: the platform runs it alone on a server only.
  const onServer = access.project?.db_engine === 'postgres'
  const schemas = useSchemasQuery(access.db)
  const tables = useTablesQuery({ ...access.db, schema })
  const methods = useIndexMethodsQuery(access.db)
  const tableColumns = useIndexColumnsQuery({ ...access.db, schema, table: table || undefined })
  const tableChoices = useMemo(() => tables.data?.filter((t) => ['r', 'p', 'm'].includes(t.kind)) ?? [], [tables.data])
  const available = INDEX_METHODS.filter((m) => methods.data?.some((row) => row.name === m))

  useEffect(() => {
    if (tables.data && !tableChoices.some((t) => t.name === table)) setTable(tableChoices[0]?.name ?? '')
  }, [tables.data, tableChoices, table])
  const unchosen = (tableColumns.data ?? []).filter((c) => !columns.includes(c.name))
  useEffect(() => {
    if (!unchosen.some((c) => c.name === adding)) setAdding(unchosen[0]?.name ?? '')
  }, [unchosen, adding])

  const expressions = expressionsText.split('\n').filter((line) => line.trim() !== '')
  const spec = { name: name.trim(), schema, table, method, columns, unique, where, concurrently: onServer && concurrently, opclasses, expressions }
  const errors = validateIndex(
    spec,
    methods.data?.find((m) => m.name === method),
    tableColumns.data
  )
  const missing = tableColumns.data ? columns.find((c) => !tableColumns.data.some((t) => t.name === c)) : undefined
  if (missing !== undefined) errors.columns = `The table ${schema}.${table} has no column ${missing}`
  const valid = Object.keys(errors).length === 0 && Boolean(methods.data) && Boolean(tableColumns.data)
  const sql = valid ? createIndexSql(spec) : null
  const show = (field: keyof typeof errors) => (submitted ? errors[field] : undefined)

  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: () => {
      toast.success(`Created an index on ${schema}.${table}`)
      onClose()
    },
  })
  const submit = () => {
    setSubmitted(true)
    if (sql) run.mutate({ ...access.db, sql, action: `create index on ${schema}.${table}` })
  }

  return (
    <FormModal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create an index"
      size="large"
      submitLabel="Create index"
      pendingLabel="Creating…"
      pending={run.isPending}
      formClassName={styles.form}
      onSubmit={submit}
    >
      <div className={styles.row}>
        <SelectField
          id={`${id}-schema`}
          label="Schema"
          value={schema}
          onChange={(e) => (setSchema(e.target.value), setColumns([]))}
          options={[...new Set([schema, ...(schemas.data ?? []).map((s) => s.name)])]}
        />
        <SelectField
          id={`${id}-table`}
          label="Table"
          value={table}
          onChange={(e) => (setTable(e.target.value), setColumns([]))}
          options={tableChoices.map((t) => t.name)}
          error={show('table') ?? (tables.isError ? `Could not load tables: ${tables.error.message}` : undefined)}
          errorId={`${id}-table-error`}
        >
          {tableChoices.length === 0 && <option value="">{tables.isPending ? 'Loading tables…' : 'No tables in this schema'}</option>}
        </SelectField>
        <SelectField
          id={`${id}-method`}
          label="Method"
          value={method}
          onChange={(e) => setMethod(e.target.value as IndexMethod)}
          options={available.length ? available : [method]}
          error={show('method') ?? (methods.isError ? `Could not load the index methods: ${methods.error.message}` : undefined)}
          errorId={`${id}-method-error`}
        />
      </div>

      <fieldset className={styles.checks} style={{ display: 'block' }} aria-describedby={show('columns') ? `${id}-columns-error` : undefined}>
        <legend>Columns, in order</legend>
        {columns.length > 0 && (
          <ol className={own.valueList}>
            {columns.map((column, index) => (
              <li key={column} className={own.valueItem}>
                <span className={own.order} aria-hidden="true">
                  {index + 1}.
                </span>
                <span className={styles.mono} style={{ flex: 1, paddingTop: '0.3rem' }}>
                  {column} <span className="muted">{tableColumns.data?.find((c) => c.name === column)?.type}</span>
                </span>
                <input
                  className={`input ${styles.mono}`}
                  style={{ width: '11rem' }}
                  aria-label={`Operator class for ${column}`}
                  placeholder="default operator class"
                  spellCheck={false}
                  value={opclasses[column] ?? ''}
                  onChange={(e) => setOpclasses((m) => ({ ...m, [column]: e.target.value }))}
                />
                <button type="button" className="btn btn-sm" aria-label={`Move ${column} up`} disabled={index === 0} onClick={() => setColumns((l) => moveItem(l, index, index - 1))}>
                  ↑
                </button>
                <button type="button" className="btn btn-sm" aria-label={`Move ${column} down`} disabled={index === columns.length - 1} onClick={() => setColumns((l) => moveItem(l, index, index + 1))}>
                  ↓
                </button>
                <button type="button" className="btn btn-sm" aria-label={`Remove ${column}`} onClick={() => setColumns((l) => l.filter((c) => c !== column))}>
                  Remove
                </button>
              </li>
            ))}
          </ol>
        )}
        <div className={own.addRow}>
          <SelectField id={`${id}-add`} label="Column to add" value={adding} onChange={(e) => setAdding(e.target.value)} disabled={unchosen.length === 0} options={unchosen.map((c) => ({ value: c.name, label: `${c.name} (${c.type})` }))}>
            {unchosen.length === 0 && <option value="">{tableColumns.isPending && table ? 'Loading columns…' : 'No more columns'}</option>}
          </SelectField>
          <button type="button" className="btn" disabled={!adding} onClick={() => setColumns((l) => [...l, adding])}>
            Add column
          </button>
        </div>
        {tableColumns.isError && <span className="field-error">Could not load the columns: {tableColumns.error.message}</span>}
        {show('columns') && (
          <span id={`${id}-columns-error`} className="field-error" style={{ display: 'block' }}>
            {errors.columns}
          </span>
        )}
      </fieldset>

      {show('opclasses') && <span className="field-error">{errors.opclasses}</span>}
      <Field
        id={`${id}-expressions`}
        label="Expressions (optional)"
        hint="One per line, indexed after the columns: lower(email), (data->>'kind'). An operator class goes after a column, e.g. text_pattern_ops for LIKE 'abc%' or gin_trgm_ops (pg_trgm)."
        error={show('expressions')}
        errorId={`${id}-expressions-error`}
      >
        <textarea id={`${id}-expressions`} className={`input ${styles.mono}`} rows={2} spellCheck={false} value={expressionsText} onChange={(e) => setExpressionsText(e.target.value)} />
      </Field>

      <fieldset className={styles.checks}>
        <legend>Options</legend>
        <label>
          <input type="checkbox" checked={unique} onChange={(e) => setUnique(e.target.checked)} aria-describedby={show('unique') ? `${id}-unique-error` : undefined} />
          Unique
        </label>
        <label title={onServer ? undefined : 'PGlite runs one statement at a time, so a plain CREATE INDEX blocks nothing'}>
          <input type="checkbox" checked={onServer && concurrently} disabled={!onServer} onChange={(e) => setConcurrently(e.target.checked)} aria-describedby={`${id}-concurrently-hint`} />
          Concurrently
        </label>
        {show('unique') && (
          <span id={`${id}-unique-error`} className="field-error" style={{ flexBasis: '100%' }}>
            {errors.unique}
          </span>
        )}
        <span id={`${id}-concurrently-hint`} className="field-hint" style={{ flexBasis: '100%' }}>
          {onServer
            ? 'CONCURRENTLY builds the index without blocking writes to the table; it runs alone, outside a transaction, and a failure leaves an invalid index to drop.'
            : 'CONCURRENTLY is offered on a Postgres server only: this database runs on PGlite, whose one session runs one statement at a time, so a plain CREATE INDEX blocks nothing else.'}
        </span>
      </fieldset>

      <TextField
        id={`${id}-where`}
        label="Partial index condition (optional)"
        value={where}
        onChange={(e) => setWhere(e.target.value)}
        placeholder="status <> 'archived'"
        error={show('where')}
        errorId={`${id}-where-error`}
        hint="A WHERE expression: only rows matching it are indexed."
        spellCheck={false}
      />
      <TextField id={`${id}-name`} label="Name (optional)" value={name} onChange={(e) => setName(e.target.value)} placeholder="Postgres names it after the table and columns" error={show('name')} errorId={`${id}-name-error`} />

      <SqlPreview sql={sql} open emptyText="Choose a table and at least one column to see the SQL." />
      {run.isError && <SqlRunError error={run.error} title="The index was not created" />}
    </FormModal>
  )
}
