import { useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { useDatabaseScriptMutation } from '@/data/database/database-script-mutation'
import { findTableId } from '@/data/table-editor/table-id'
import { alterTableSql, createTableSql, validateTableDraft, type CheckDraft, type ColumnDraft, type TableKeyDraft } from '@/lib/sql/ddl'
import { BLANK_UNIQUE_KEY } from '@/lib/sql/ddl-keys'
import type { CatalogueTable } from '@/lib/sql/table-description'
import { CheckFields } from './CheckFields'
import { ColumnFields } from './ColumnFields'
import { ColumnTypesList } from './ColumnTypesList'
import { KeyFields } from './KeyFields'
import { catalogueToForm } from './TableEditor.utils'
import styles from './TableEditor.module.css'

export type TablePanelProps = {
  projectRef: string
  connectionString: string | null
  schema: string
  onClose: () => void
} & ({ mode: 'create'; table?: undefined; onCreated?: (id: number) => void } | { mode: 'edit'; table: CatalogueTable; onCreated?: undefined })

type Keyed<T> = T & { key: number }

const NEW_TABLE_COLUMNS: ColumnDraft[] = [
  { name: 'id', type: 'int8', defaultValue: '', isNullable: false, isUnique: false, isIdentity: true, isPrimaryKey: true, foreignKey: null },
]

const BLANK_COLUMN: ColumnDraft = { name: '', type: 'text', defaultValue: '', isNullable: true, isUnique: false, isIdentity: false, isPrimaryKey: false, foreignKey: null }

/**
 * The one table panel (the table editor's "New table" and "Edit table", the Tables screen's create
 * and edit): columns, foreign keys, check constraints and keys over several columns. The SQL is written by lib/sql/ddl (for an
 * edit, ALTERs of what changed only), previewed here and run as one transaction through the
 * database script mutation; a failure is shown in the panel and nothing of it is applied.
 */
export function TablePanel(props: TablePanelProps) {
  const { projectRef, connectionString, schema, onClose } = props
  const form = useMemo(() => (props.mode === 'edit' ? catalogueToForm(props.table) : null), [props.mode, props.table])
  const nextKey = useRef(0)
  const keyed = <T,>(items: T[]): Keyed<T>[] => items.map((item) => ({ ...item, key: nextKey.current++ }))
  const [name, setName] = useState(form?.name ?? '')
  const [columns, setColumns] = useState<Keyed<ColumnDraft>[]>(() => keyed(form?.columns ?? NEW_TABLE_COLUMNS))
  const [checks, setChecks] = useState<Keyed<CheckDraft>[]>(() => keyed(form?.checks ?? []))
  const [keys, setKeys] = useState<Keyed<TableKeyDraft>[]>(() => keyed(form?.keys ?? []))
  const [submitted, setSubmitted] = useState(false)
  const tableName = name.trim()

  const run = useDatabaseScriptMutation({
    onError: () => undefined, // shown in place
    onSuccess: async () => {
      if (props.mode === 'edit') {
        toast.success(`Table ${tableName} updated`)
        return onClose()
      }
      toast.success(`Table ${tableName} created`)
      if (!props.onCreated) return onClose()
      try {
        props.onCreated(await findTableId({ projectRef, connectionString, table: { schema, name: tableName } }))
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error))
        onClose()
      }
    },
  })

  const drafts: ColumnDraft[] = columns.map(({ key: _key, ...c }) => ({ ...c, name: c.name.trim() }))
  const checkDrafts: CheckDraft[] = checks.map(({ key: _key, ...c }) => c)
  const keyDrafts: TableKeyDraft[] = keys.map(({ key: _key, ...k }) => k)
  const errors = validateTableDraft(name, drafts, checkDrafts, keyDrafts)
  const sql =
    errors.length > 0
      ? null
      : form
        ? alterTableSql({ ...form.alterBase, newName: tableName, columns: drafts, checks: checkDrafts, keys: keyDrafts })
        : createTableSql({ schema, name: tableName }, drafts, checkDrafts, keyDrafts)
  const shown = submitted ? errors : []
  const nameError = shown.find((e) => e.field === 'name')?.message

  const save = () => {
    setSubmitted(true)
    if (errors.length > 0) return
    if (!sql) return onClose()
    run.mutate({ projectRef, connectionString, sql, action: `${form ? 'alter' : 'create'} table ${schema}.${tableName}` })
  }

  return (
    <Modal
      open
      placement="side"
      onOpenChange={(open) => !open && !run.isPending && onClose()}
      title={props.mode === 'create' ? `Create a table in ${schema}` : `Edit table ${props.table.name}`}
      size="xlarge"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={run.isPending}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={save} disabled={run.isPending}>
            {run.isPending ? 'Saving…' : props.mode === 'create' ? 'Create table' : 'Save changes'}
          </button>
        </>
      }
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        <div className="field">
          <label className="label" htmlFor="table-form-name">
            Table name
          </label>
          <input
            id="table-form-name"
            className="input"
            value={name}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'table-form-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError && (
            <span id="table-form-name-error" className="field-error" role="alert">
              {nameError}
            </span>
          )}
        </div>
        <ColumnTypesList projectRef={projectRef} connectionString={connectionString} />
        <h3 className={styles.formHeading}>Columns</h3>
        {columns.map((column, index) => (
          <ColumnFields
            key={column.key}
            index={index}
            column={column}
            errors={shown}
            schema={schema}
            projectRef={projectRef}
            connectionString={connectionString}
            onChange={(next) => {
              setColumns((all) => all.map((c) => (c.key === column.key ? { ...next, key: c.key } : c)))
              // A renamed column stays in the keys it is part of.
              const [from, to] = [column.name.trim(), next.name.trim()]
              if (from !== to && from !== '' && to !== '') setKeys((all) => all.map((k) => ({ ...k, columns: k.columns.map((c) => (c === from ? to : c)) })))
            }}
            onRemove={() => setColumns((all) => all.filter((c) => c.key !== column.key))}
          />
        ))}
        {shown.some((e) => e.field === 'columns') && (
          <span className="field-error" role="alert">
            {shown.find((e) => e.field === 'columns')?.message}
          </span>
        )}
        <div>
          <button type="button" className="btn btn-sm" onClick={() => setColumns((all) => [...all, ...keyed([BLANK_COLUMN])])}>
            Add column
          </button>
        </div>
        <CheckFields
          checks={checks}
          errors={shown}
          onChange={(index, next) => setChecks((all) => all.map((c, i) => (i === index ? { ...next, key: c.key } : c)))}
          onRemove={(index) => setChecks((all) => all.filter((_, i) => i !== index))}
          onAdd={() => setChecks((all) => [...all, ...keyed([{ name: '', expression: '' }])])}
        />
        <KeyFields
          keys={keys}
          columnNames={drafts.map((c) => c.name).filter((n) => n !== '')}
          schema={schema}
          projectRef={projectRef}
          connectionString={connectionString}
          errors={shown}
          onChange={(index, next) => setKeys((all) => all.map((k, i) => (i === index ? { ...next, key: k.key } : k)))}
          onRemove={(index) => setKeys((all) => all.filter((_, i) => i !== index))}
          onAdd={() => setKeys((all) => [...all, ...keyed([BLANK_UNIQUE_KEY])])}
        />
        {run.error && <SqlRunError error={run.error} />}
        <SqlPreview sql={sql} emptyText={errors.length ? 'Complete the form to see the SQL.' : 'No changes yet.'} />
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
