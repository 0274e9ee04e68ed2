import { useMemo, useState } from 'react'
import { toast } from 'sonner'
import { Modal } from '@/components/ui/Modal'
import { useRowInsertMutation } from '@/data/table-editor/row-insert-mutation'
import { useRowUpdateMutation } from '@/data/table-editor/row-update-mutation'
import { insertRowSql, toPostgresText, updateRowSql, type CellInput } from '@/lib/sql/row-dml'
import type { CatalogueColumn, CatalogueTable } from '@/lib/sql/table-description'
import { InvalidJsonError, parseJsonInput } from '@/lib/validation'
import { SqlPreview, SqlRunError } from '@/components/ui/SqlPreview'
import { isJsonType, rowKeyOf } from './TableEditor.utils'
import styles from './TableEditor.module.css'

type Mode = CellInput['kind']
type Field = { mode: Mode; text: string }

type RowEditorModalProps = {
  projectRef: string
  connectionString: string | null
  table: CatalogueTable
  /** The row to edit; null to insert one. */
  row: Record<string, unknown> | null
  onClose: () => void
}

/** Columns the user cannot set: generated ones, and identities that are GENERATED ALWAYS. */
function isReadOnly(column: CatalogueColumn): boolean {
  return column.generated !== null || column.identity === 'a'
}

function initialField(column: CatalogueColumn, row: Record<string, unknown> | null): Field {
  if (row) {
    const text = toPostgresText(row[column.name], column.data_type)
    return text === null ? { mode: 'null', text: '' } : { mode: 'value', text }
  }
  if (column.identity || column.default_value !== null) return { mode: 'default', text: '' }
  return column.is_nullable ? { mode: 'null', text: '' } : { mode: 'value', text: '' }
}

/** JSON columns: empty input is NULL (spec §5), invalid JSON is refused before anything runs. */
function fieldInput(column: CatalogueColumn, field: Field): CellInput | { error: string } {
  if (field.mode !== 'value') return { kind: field.mode }
  if (!isJsonType(column.data_type)) return { kind: 'value', text: field.text }
  try {
    const value = parseJsonInput(field.text)
    return value === null && field.text.trim() === '' ? { kind: 'null' } : { kind: 'value', text: field.text }
  } catch (error) {
    return { error: error instanceof InvalidJsonError ? error.message : 'Invalid JSON' }
  }
}

/** Insert or edit one row; the SQL is shown before it runs and errors stay in the dialog. */
export function RowEditorModal({ projectRef, connectionString, table, row, onClose }: RowEditorModalProps) {
  const editable = table.columns.filter((c) => !(row === null ? c.generated !== null || c.identity === 'a' : isReadOnly(c)))
  const [fields, setFields] = useState<Record<string, Field>>(() =>
    Object.fromEntries(editable.map((c) => [c.name, initialField(c, row)]))
  )
  const [submitted, setSubmitted] = useState(false)
  const onSuccess = () => {
    toast.success(row ? 'Row updated' : 'Row inserted')
    onClose()
  }
  const insert = useRowInsertMutation({ onError: () => undefined, onSuccess })
  const update = useRowUpdateMutation({ onError: () => undefined, onSuccess })
  const mutation = row ? update : insert
  const ref = { schema: table.schema, name: table.name }
  const rowKey = row ? rowKeyOf(table, row) : null

  const { inputs, errors } = useMemo(() => {
    const inputs: Record<string, CellInput> = {}
    const errors: Record<string, string> = {}
    for (const column of editable) {
      const field = fields[column.name]
      if (row) {
        const before = initialField(column, row)
        if (before.mode === field.mode && before.text === field.text) continue
      }
      const input = fieldInput(column, field)
      if ('error' in input) errors[column.name] = input.error
      else inputs[column.name] = input
    }
    return { inputs, errors }
    // editable is derived from table and row
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields, table, row])

  const hasErrors = Object.keys(errors).length > 0
  const sql = hasErrors ? null : row ? (rowKey ? updateRowSql(ref, rowKey, inputs) : null) : insertRowSql(ref, inputs)

  const save = () => {
    setSubmitted(true)
    if (hasErrors) return
    const target = { ...ref, id: table.id }
    if (row) {
      if (!rowKey || !sql) return onClose()
      update.mutate({ projectRef, connectionString, table: target, rowKey, changes: inputs })
    } else insert.mutate({ projectRef, connectionString, table: target, values: inputs })
  }

  const setField = (name: string, patch: Partial<Field>) => setFields((all) => ({ ...all, [name]: { ...all[name], ...patch } }))

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={row ? `Edit row of ${table.name}` : `Insert a row into ${table.name}`}
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" onClick={save} disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : row ? 'Save row' : 'Insert row'}
          </button>
        </>
      }
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault()
          save()
        }}
      >
        {editable.map((column) => {
          const field = fields[column.name]
          const id = `row-field-${column.position}`
          const error = submitted || field.mode === 'value' ? errors[column.name] : undefined
          const multiline = isJsonType(column.data_type) || column.data_type === 'text'
          const inputProps = {
            id,
            className: `${multiline ? 'textarea' : 'input'} ${styles.mono}`,
            value: field.mode === 'value' ? field.text : '',
            placeholder: field.mode === 'null' ? 'NULL' : field.mode === 'default' ? (column.identity ? 'Generated' : (column.default_value ?? 'Default')) : '',
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? `${id}-error` : undefined,
            onChange: (e: { target: { value: string } }) => setField(column.name, { mode: 'value', text: e.target.value }),
          }
          return (
            <div key={column.name} className="field">
              <label className="label" htmlFor={id}>
                {column.name} <span className="muted">{column.data_type}</span>
              </label>
              <div className={styles.fieldRow}>
                {multiline ? <textarea rows={isJsonType(column.data_type) ? 4 : 2} {...inputProps} /> : <input {...inputProps} />}
                <select
                  className="select"
                  style={{ width: 'auto' }}
                  aria-label={`How to set ${column.name}`}
                  value={field.mode}
                  onChange={(e) => setField(column.name, { mode: e.target.value as Mode })}
                >
                  <option value="value">Value</option>
                  {(column.is_nullable || field.mode === 'null') && <option value="null">NULL</option>}
                  {(row === null || column.default_value !== null || column.identity) && <option value="default">Default</option>}
                </select>
              </div>
              {error && (
                <span id={`${id}-error`} className="field-error" role="alert">
                  {error}
                </span>
              )}
            </div>
          )
        })}
        {mutation.error && <SqlRunError error={mutation.error} title={row ? 'The row was not updated' : 'The row was not inserted'} />}
        <SqlPreview sql={sql} emptyText={hasErrors ? 'Fix the fields above to see the SQL.' : 'No changes yet.'} />
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
