import Papa from 'papaparse'
import { useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Field } from '@/components/ui/Field'
import { Modal } from '@/components/ui/Modal'
import { ImportFailed, useTableImportMutation } from '@/data/table-editor/table-io'
import type { ImportDelimiter } from '@/lib/api-types/table-io'
import type { CatalogueTable } from '@/lib/sql/table-description'

type ImportDataModalProps = {
  projectRef: string
  connectionString: string | null
  table: CatalogueTable
  onClose: () => void
}

/** Bytes of the file read in the browser to show its fields and first rows; the file itself is streamed whole. */
const PREVIEW_BYTES = 64 * 1024
const PREVIEW_ROWS = 5

type Source = { blob: Blob; name: string }
type Preview = { fields: string[]; rows: string[][]; delimiter: ImportDelimiter }

function guessDelimiter(text: string): ImportDelimiter {
  const first = text.split('\n', 1)[0] ?? ''
  const counts = ([',', '\t', ';', '|'] as const).map((d) => [d, first.split(d).length] as const)
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0]
}

async function previewOf(blob: Blob): Promise<Preview> {
  const text = await blob.slice(0, PREVIEW_BYTES).text()
  const delimiter = guessDelimiter(text)
  const parsed = Papa.parse<string[]>(text, { delimiter, preview: PREVIEW_ROWS + 1, skipEmptyLines: true })
  const [fields = [], ...rows] = parsed.data
  return { fields: fields.map((f) => f.replace(/^\uFEFF/, '')), rows, delimiter }
}

/**
 * Imports a CSV file (or pasted rows, from a spreadsheet: tab-separated) into the open table: each
 * field of the file is mapped to a column of the table (by name first) or left out; the file goes
 * to the server as it is, with a progress bar, and every row goes in or none does, a bad row named
 * by its line.
 */
export function ImportDataModal({ projectRef, connectionString, table, onClose }: ImportDataModalProps) {
  const [source, setSource] = useState<Source | null>(null)
  const [pasted, setPasted] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [previewError, setPreviewError] = useState<string | null>(null)
  const [mapping, setMapping] = useState<(string | null)[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const abort = useRef<AbortController | null>(null)
  const importable = useMemo(() => table.columns.filter((c) => c.generated === null), [table.columns])
  const upload = useTableImportMutation({
    onError: () => undefined, // shown in place
    onSuccess: (result) => {
      toast.success(`Imported ${result.rows.toLocaleString('en-US')} ${result.rows === 1 ? 'row' : 'rows'} into ${table.name}`)
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
    } catch (error) {
      setPreview(null)
      setPreviewError(error instanceof Error ? error.message : String(error))
    }
  }

  const used = new Set(mapping.filter(Boolean))
  const twice = mapping.some((m, i) => m !== null && mapping.indexOf(m) !== i)
  const canImport = Boolean(source && preview && used.size > 0 && !twice && !upload.isPending)

  const start = () => {
    if (!source || !preview) return
    abort.current = new AbortController()
    setProgress(0)
    upload.mutate({
      projectRef,
      connectionString,
      table: { id: table.id, schema: table.schema, name: table.name },
      options: { schema: table.schema, table: table.name, columns: mapping, header: true, delimiter: preview.delimiter },
      file: source.blob,
      onProgress: setProgress,
      signal: abort.current.signal,
    })
  }

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
      title={`Import data into ${table.name}`}
      description="A CSV file with a header row, or rows pasted from a spreadsheet. Every row is imported, or none is."
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={() => (upload.isPending ? abort.current?.abort() : onClose())}>
            {upload.isPending ? 'Cancel import' : 'Cancel'}
          </button>
          <button type="button" className="btn btn-primary" disabled={!canImport} onClick={start}>
            {upload.isPending ? 'Importing…' : 'Import'}
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
        {preview && (
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
                  <td className="muted">{preview.rows.map((r) => r[i] || '(empty)').slice(0, 3).join(' · ')}</td>
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
