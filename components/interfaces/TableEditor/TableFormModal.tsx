import { useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { useTableAlterMutation } from '@/data/table-editor/table-alter-mutation'
import { useTableCreateMutation } from '@/data/table-editor/table-create-mutation'
import { alterTableSql, createTableSql, validateTableDraft, type ColumnDraft } from '@/lib/sql/ddl'
import type { CatalogueTable } from '@/lib/sql/table-description'
import { ColumnFields, COMMON_TYPES, TYPES_LIST_ID } from './ColumnFields'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { catalogueToForm } from './TableEditor.utils'
import styles from './TableEditor.module.css'

type TableFormModalProps = {
  projectRef: string
  connectionString: string | null
  schema: string
  onClose: () => void
} & ({ mode: 'create'; table?: undefined; onCreated: (id: number) => void } | { mode: 'edit'; table: CatalogueTable; onCreated?: undefined })

type KeyedColumn = ColumnDraft & { key: number }

const NEW_TABLE_COLUMNS: ColumnDraft[] = [
  { name: 'id', type: 'int8', defaultValue: '', isNullable: false, isUnique: false, isIdentity: true, isPrimaryKey: true, foreignKey: null },
]

const BLANK_COLUMN: ColumnDraft = { name: '', type: 'text', defaultValue: '', isNullable: true, isUnique: false, isIdentity: false, isPrimaryKey: false, foreignKey: null }

/**
 * Create a table, or change one (rename, add / alter / drop columns, keys, foreign keys). The
 * SQL is written by lib/sql/ddl, previewed here and run in one transaction; a failure is shown
 * in the dialog and nothing of it is applied.
 */
export function TableFormModal(props: TableFormModalProps) {
  const { projectRef, connectionString, schema, onClose } = props
  const form = useMemo(() => (props.mode === 'edit' ? catalogueToForm(props.table) : null), [props.mode, props.table])
  const nextKey = useRef(0)
  const keyed = (columns: ColumnDraft[]): KeyedColumn[] => columns.map((c) => ({ ...c, key: nextKey.current++ }))
  const [name, setName] = useState(form?.name ?? '')
  const [columns, setColumns] = useState<KeyedColumn[]>(() => keyed(form?.columns ?? NEW_TABLE_COLUMNS))
  const [submitted, setSubmitted] = useState(false)

  const create = useTableCreateMutation({
    onError: () => undefined, // shown in place
    onSuccess: ({ id }) => {
      toast.success(`Table ${name} created`)
      props.onCreated?.(id)
    },
  })
  const alter = useTableAlterMutation({
    onError: () => undefined,
    onSuccess: () => {
      toast.success(`Table ${name} updated`)
      onClose()
    },
  })
  const mutation = props.mode === 'create' ? create : alter

  const drafts: ColumnDraft[] = columns.map(({ key: _key, ...c }) => c)
  const errors = validateTableDraft(name, drafts)
  const alterInput = form ? { ...form.alterBase, newName: name.trim(), columns: drafts.map((c) => ({ ...c, name: c.name.trim() })) } : null
  const trimmed = drafts.map((c) => ({ ...c, name: c.name.trim() }))
  const sql = errors.length > 0 ? null : alterInput ? alterTableSql(alterInput) : createTableSql({ schema, name: name.trim() }, trimmed)
  const nameError = submitted ? errors.find((e) => e.field === 'name')?.message : undefined

  const save = () => {
    setSubmitted(true)
    if (errors.length > 0) return
    if (alterInput) {
      if (!sql) return onClose()
      alter.mutate({ projectRef, connectionString, input: alterInput })
    } else create.mutate({ projectRef, connectionString, table: { schema, name: name.trim() }, columns: trimmed })
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={props.mode === 'create' ? `Create a table in ${schema}` : `Edit table ${props.table.name}`}
      size="xlarge"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={save} disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : props.mode === 'create' ? 'Create table' : 'Save changes'}
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
        <datalist id={TYPES_LIST_ID}>
          {COMMON_TYPES.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <h3 style={{ margin: 0, fontSize: '0.95rem' }}>Columns</h3>
        {columns.map((column, index) => (
          <ColumnFields
            key={column.key}
            index={index}
            column={column}
            errors={submitted ? errors : []}
            schema={schema}
            projectRef={projectRef}
            connectionString={connectionString}
            onChange={(next) => setColumns((all) => all.map((c) => (c.key === column.key ? { ...next, key: c.key } : c)))}
            onRemove={() => setColumns((all) => all.filter((c) => c.key !== column.key))}
          />
        ))}
        {submitted && errors.some((e) => e.field === 'columns') && (
          <span className="field-error" role="alert">
            {errors.find((e) => e.field === 'columns')?.message}
          </span>
        )}
        <div>
          <button type="button" className="btn btn-sm" onClick={() => setColumns((all) => [...all, ...keyed([BLANK_COLUMN])])}>
            Add column
          </button>
        </div>
        {mutation.error && <SqlRunError error={mutation.error} />}
        <SqlPreview sql={sql} emptyText={errors.length ? 'Complete the form to see the SQL.' : 'No changes yet.'} />
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
