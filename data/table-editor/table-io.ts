import { useCacheMutation } from '@/data/cache-mutation'
import { currentAccessToken, getStream, resolveUrl } from '@/data/fetchers'
import type { MutationOptions } from '@/data/mutation'
import { xhrUpload } from '@/data/xhr-upload'
import type { ExportFormat, ImportError, ImportOptions, ImportResult } from '@/lib/api-types/table-io'
import type { RowFilter, RowSort } from '@/lib/sql/table-rows'
import { tableEditorKeys } from './keys'

const base = (projectRef: string) => `/platform/pg-meta/${encodeURIComponent(projectRef)}/tables`

/** An import the server refused: its message, and the file's line to blame when there is one. */
export class ImportFailed extends Error {
  constructor(readonly body: ImportError) {
    super(body.line ? `Line ${body.line}: ${body.message}` : body.message)
  }
}

/**
 * POST …/tables/import: the file is the body, sent with XMLHttpRequest so `onProgress` hears the
 * fraction sent (fetch reports none); the server writes nothing unless every row goes in.
 */
export async function importTableFile(input: {
  projectRef: string
  connectionString: string | null | undefined
  options: ImportOptions
  file: Blob
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}): Promise<ImportResult> {
  const url = resolveUrl(`${base(input.projectRef)}/import`, { options: JSON.stringify(input.options) })
  const token = await currentAccessToken()
  const { status, text } = await xhrUpload({
    method: 'POST',
    url,
    withCredentials: true,
    headers: {
      'Content-Type': input.options.delimiter === '\t' ? 'text/tab-separated-values' : 'text/csv',
      'x-connection-encrypted': input.connectionString ?? '',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: input.file,
    onProgress: input.onProgress,
    signal: input.signal,
    messages: { lost: 'The import failed: the connection to the server was lost', cancelled: 'The import was cancelled: nothing was written' },
  })
  let body: unknown = null
  try {
    body = JSON.parse(text)
  } catch {
    body = null
  }
  if (status >= 200 && status < 300) return body as ImportResult
  const error = body as Partial<ImportError> | null
  throw new ImportFailed({ message: typeof error?.message === 'string' ? error.message : `The import failed (HTTP ${status})`, code: error?.code ?? null, line: error?.line ?? null, detail: error?.detail ?? null })
}

/** GET …/tables/export: the table (or its filtered rows) as a file, read as it streams. */
export function exportTableFile(input: {
  projectRef: string
  connectionString: string | null | undefined
  schema: string
  table: string
  format: ExportFormat
  filters: readonly RowFilter[]
  sorts: readonly RowSort[]
  signal?: AbortSignal
}): Promise<Blob> {
  return getStream(`${base(input.projectRef)}/export`, (response) => response.blob(), {
    query: {
      schema: input.schema,
      table: input.table,
      format: input.format,
      ...(input.filters.length ? { filters: JSON.stringify(input.filters) } : {}),
      ...(input.sorts.length ? { sorts: JSON.stringify(input.sorts) } : {}),
    },
    headers: { 'x-connection-encrypted': input.connectionString ?? '' },
    signal: input.signal,
  })
}

type ImportVariables = Parameters<typeof importTableFile>[0] & { table?: { id: number } }

/** The import as a mutation: the table's rows and counts are read again once it committed; a new table refreshes the table lists. */
export const useTableImportMutation = (options: MutationOptions<ImportResult, ImportVariables> = {}) =>
  useCacheMutation(
    {
      mutationFn: importTableFile,
      what: 'import the file',
      invalidate: (v) => (v.table && !v.options.create ? tableEditorKeys.afterRowChange({ projectRef: v.projectRef, table: v.table }) : tableEditorKeys.afterDdl(v)),
    },
    options
  )
