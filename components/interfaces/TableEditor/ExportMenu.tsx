import { useState } from 'react'
import { toast } from 'sonner'
import { downloadFile, safeFileName } from '@/components/ui/download-file'
import { exportTableFile } from '@/data/table-editor/table-io'
import type { ExportFormat } from '@/lib/api-types/table-io'
import type { CatalogueTable } from '@/lib/sql/table-description'
import type { RowFilter, RowSort } from '@/lib/sql/table-rows'

const FORMATS: { value: ExportFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
  { value: 'sql', label: 'SQL INSERTs' },
]

type ExportMenuProps = {
  projectRef: string
  connectionString: string | null
  table: CatalogueTable
  filters: readonly RowFilter[]
  sorts: readonly RowSort[]
}

/** Exports the table, or the rows the filters leave, in the grid's order: streamed by the server from one snapshot, saved as a file. */
export function ExportMenu({ projectRef, connectionString, table, filters, sorts }: ExportMenuProps) {
  const [format, setFormat] = useState<ExportFormat>('csv')
  const [pending, setPending] = useState(false)
  const run = async () => {
    setPending(true)
    try {
      const blob = await exportTableFile({ projectRef, connectionString, schema: table.schema, table: table.name, format, filters, sorts })
      downloadFile(`${safeFileName(table.name, 'table')}.${format}`, blob)
      toast.success(`Exported ${table.name}${filters.length ? ' (filtered)' : ''} as ${FORMATS.find((f) => f.value === format)!.label}`)
    } catch (error) {
      toast.error(`Could not export ${table.name}: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      setPending(false)
    }
  }
  return (
    <span style={{ display: 'inline-flex', gap: '0.25rem', alignItems: 'center' }}>
      <select aria-label="Export format" value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)} disabled={pending}>
        {FORMATS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn-sm" onClick={() => void run()} disabled={pending}>
        {pending ? 'Exporting…' : filters.length ? 'Export filtered rows' : 'Export'}
      </button>
    </span>
  )
}
