import { useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Field } from '@/components/ui/Field'
import { Modal } from '@/components/ui/Modal'
import { ImportFailed, useTableImportMutation } from '@/data/table-editor/table-io'
import type { ImportOptions, ImportResult } from '@/lib/api-types/table-io'
import { IMPORT_COLUMN_TYPES, suggestedPrimaryKey } from '@/lib/database/import-columns'
import type { CatalogueTable } from '@/lib/sql/table-description'
import { fieldLabel, firstValues, newColumnsOf, newTableProblem, previewOf, type NewColumn, type Preview, type Source } from './import-preview'

/** Where the rows go: an existing table, or a new one of `schema` made from the file's fields. */
export type ImportTarget = { kind: 'existing'; table: CatalogueTable } | { kind: 'new'; schema: string }

type ImportDataModalProps = {
  projectRef: string
  connectionString: string | null
  target: ImportTarget
  onClose: () => void
  /** After the import committed (a new table: to open it). */
  onImported?: (result: ImportResult) => void
}

/**
 * Imports a CSV file (or pasted rows, from a spreadsheet: tab-separated) into the open table: each
 * field of the file is mapped to a column of the table (by name first) or left out; the file goes
 * to the server as it is, with a progress bar, and every row goes in or none does, a bad row named
 * by its line.
 */
export function ImportDataModal({ projectRef, connectionString, target, onClose, onImported }: ImportDataModalProps) {
  const table = target.kind === 'existing' ? target.table : null
  const schema = target.kind === 'existing' ? target.table.schema : target.schema
  const [source, setSource] = useState<Source | null>(null)
  const [pasted, setPasted] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<(string | null)[]>([])
  const [newName, setNewName] = useState('')
  const [newColumns, setNewColumns] = useState<NewColumn[]>([])
  const [primaryKey, setPrimaryKey] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const abort = useRef<AbortController | null>(null)
  const importable = useMemo(() => (table ? table.columns.filter((c) => c.generated === null) : []), [table])
  const upload = useTableImportMutation({
    onError: () => undefined, // shown in place
    onSuccess: (result) => {
      toast.success(`Imported ${result.rows.toLocaleString('en-US')} ${result.rows === 1 ? 'row' : 'rows'} into ${result.table.name}`)
      onImported?.(result)
      onClose()
    },
  })

  const choose = async (next: Source) => {
    setSource(next)
    setPreviewError(null)
    upload.reset()
    try {
      const p = await previewOf(next.blob)
      if (p.fields.length === 0) throw new Error('The file has no header row: its first line must name the fields')
      setPreview(p)
      setMapping(p.fields.map((f) => importable.find((c) => c.name === f)?.name ?? importable.find((c) => c.name.toLowerCase() === f.trim().toLowerCase())?.name ?? null))
      if (!table) {
        const columns = newColumnsOf(p)
        setNewColumns(columns)
        setPrimaryKey(suggestedPrimaryKey(columns.map((c) => c.name), columns.map((c) => c.type)))
        setNewName((name) => name || (next.name === 'pasted rows' ? '' : next.name.replace(/\.[^.]*$/, '').slice(0, 63)))
      }
    } catch (error) {
      setPreview(null)
      setPreviewError(error instanceof Error ? error.message : String(error))
    }
  }

  const used = new Set(mapping.filter(Boolean))
  const twice = table !== null && mapping.some((m, i) => m !== null && mapping.indexOf(m) !== i)
  const newProblem = table || !preview ? null : newTableProblem(newName, newColumns)
  const ready = table ? used.size > 0 && !twice : newProblem === null
  const canImport = Boolean(source && preview && ready && !upload.isPending)
  const keptKey = primaryKey !== null && newColumns.some((c) => c.keep && c.name === primaryKey) ? primaryKey : null

  const start = () => {
    if (!source || !preview) return
    const options: ImportOptions = table
      ? { schema, table: table.name, columns: mapping, header: true, delimiter: preview.delimiter }
      : {
          schema,
          table: newName,
          columns: newColumns.map((c) => (c.keep ? c.name : null)),
          header: true,
          delimiter: preview.delimiter,
          create: { columns: newColumns.filter((c) => c.keep).map((c) => ({ name: c.name, type: c.type })), primaryKey: keptKey },
        }
    abort.current = new AbortController()
    setProgress(0)
    upload.mutate({
      projectRef,
      connectionString,
      table: table ? { id: table.id } : undefined,
      options,
      file: source.blob,
      onProgress: setProgress,
      signal: abort.current.signal,
    })
  }

  const setColumn = (i: number, change: Partial<NewColumn>) => setNewColumns((columns) => columns.map((c, j) => (j === i ? { ...c, ...change } : c)))
  const failure = upload.error
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) {
          abort.current?.abort()
          onClose()
        }
      }}
      title={table ? `Import data into ${table.name}` : `Import a CSV into a new table of ${schema}`}
      description={
        table
          ? 'A CSV file with a header row, or rows pasted from a spreadsheet. Every row is imported, or none is.'
          : 'A CSV file with a header row, or rows pasted from a spreadsheet: each field becomes a column, its type suggested by its first values. The table is made and filled in one step: every row is imported, or there is no new table.'
      }
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={() => (upload.isPending ? abort.current?.abort() : onClose())}>
            {upload.isPending ? 'Cancel import' : 'Cancel'}
          </button>
          <button type="button" className="btn btn-primary" disabled={!canImport} onClick={start}>
            {upload.isPending ? 'Importing…' : table ? 'Import' : 'Create table and import'}
          </button>
        </>
      }
    >
      <div style={{ display: 'grid', gap: '0.75rem' }}>
        <Field id="import-file" label="CSV file">
          <input
            id="import-file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (file) void choose({ blob: file, name: file.name })
            }}
          />
        </Field>
        <Field id="import-paste" label="Or paste rows (the first row names the fields)">
          <textarea
            id="import-paste"
            rows={4}
            value={pasted}
            disabled={upload.isPending}
            onChange={(event) => setPasted(event.target.value)}
            onBlur={() => {
              if (pasted.trim()) void choose({ blob: new Blob([pasted.endsWith('\n') ? pasted : `${pasted}\n`], { type: 'text/plain' }), name: 'pasted rows' })
            }}
          />
        </Field>
        {previewError && (
          <p role="alert" className="field-error">
            {previewError}
          </p>
        )}
        {preview && !table && (
          <Field id="import-table-name" label={`Name of the new table (in ${schema})`}>
            <input id="import-table-name" value={newName} maxLength={63} disabled={upload.isPending} onChange={(event) => setNewName(event.target.value)} />
          </Field>
        )}
        {preview && table && (
          <table aria-label="Fields of the file and the columns they go to">
            <thead>
              <tr>
                <th scope="col">Field in {source?.name}</th>
                <th scope="col">First values</th>
                <th scope="col">Column of {table.name}</th>
              </tr>
            </thead>
            <tbody>
              {preview.fields.map((field, i) => (
                <tr key={`${i}-${field}`}>
                  <td>{field}</td>
                  <td className="muted">{firstValues(preview, i)}</td>
                  <td>
                    <select
                      aria-label={`Column for field ${field}`}
                      value={mapping[i] ?? ''}
                      disabled={upload.isPending}
                      onChange={(event) => setMapping((m) => m.map((v, j) => (j === i ? event.target.value || null : v)))}
                    >
                      <option value="">Skip this field</option>
                      {importable.map((c) => (
                        <option key={c.name} value={c.name}>
                          {c.name} ({c.data_type})
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {preview && !table && (
          <>
            <table aria-label="Fields of the file and the columns of the new table">
              <thead>
                <tr>
                  <th scope="col">Keep</th>
                  <th scope="col">Field in {source?.name}</th>
                  <th scope="col">First values</th>
                  <th scope="col">Column name</th>
                  <th scope="col">Type</th>
                </tr>
              </thead>
              <tbody>
                {preview.fields.map((field, i) => {
                  const column = newColumns[i]
                  if (!column) return null
                  return (
                    <tr key={`${i}-${field}`}>
                      <td>
                        <input type="checkbox" aria-label={`Keep field ${fieldLabel(field, i)}`} checked={column.keep} disabled={upload.isPending} onChange={(event) => setColumn(i, { keep: event.target.checked })} />
                      </td>
                      <td>{fieldLabel(field, i)}</td>
                      <td className="muted">{firstValues(preview, i)}</td>
                      <td>
                        <input aria-label={`Column name for field ${fieldLabel(field, i)}`} value={column.name} maxLength={63} disabled={upload.isPending || !column.keep} onChange={(event) => setColumn(i, { name: event.target.value })} />
                      </td>
                      <td>
                        <select aria-label={`Type for field ${fieldLabel(field, i)}`} value={column.type} disabled={upload.isPending || !column.keep} onChange={(event) => setColumn(i, { type: event.target.value })}>
                          {IMPORT_COLUMN_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {type === column.detected ? `${type} (detected)` : type}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
            <Field id="import-primary-key" label="Primary key">
              <select id="import-primary-key" value={keptKey ?? ''} disabled={upload.isPending} onChange={(event) => setPrimaryKey(event.target.value || null)}>
                <option value="">No primary key</option>
                {newColumns
                  .filter((c) => c.keep && c.name.trim())
                  .map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                    </option>
                  ))}
              </select>
            </Field>
            <p className="muted">Types are suggested from the first {preview.sample.length.toLocaleString('en-US')} rows; the database casts every row, and a value that does not fit names its line.</p>
          </>
        )}
        {newProblem && (
          <p role="alert" className="field-error">
            {newProblem}
          </p>
        )}
        {twice && (
          <p role="alert" className="field-error">
            Two fields go to the same column: each column takes one field.
          </p>
        )}
        {upload.isPending && progress !== null && (
          <div>
            <progress aria-label="Import progress" max={1} value={progress} style={{ width: '100%' }} />
            <p className="muted" role="status">
              {progress < 1 ? `Sending the file… ${Math.round(progress * 100)}%` : 'Writing the rows…'}
            </p>
          </div>
        )}
        {failure && (
          <div role="alert" className="field-error">
            <strong>Nothing was imported.</strong> {failure instanceof ImportFailed ? failure.message : (failure as Error).message}
            {failure instanceof ImportFailed && failure.body.detail ? <div className="muted">{failure.body.detail}</div> : null}
          </div>
        )}
      </div>
    </Modal>
  )
}
