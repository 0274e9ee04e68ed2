/**
 * What the import form reads of a file before sending it: its fields, first rows and separator
 * from the first bytes, and for a new table the columns those suggest and what stops them.
 */
import Papa from 'papaparse'
import type { ImportDelimiter } from '@/lib/api-types/table-io'
import { columnNamesForFields, detectColumnType } from '@/lib/database/import-columns'
import { isNameTooLong, MAX_IDENTIFIER_BYTES } from '@/lib/sql/ddl'

/** Bytes of the file read in the browser to show its fields and first rows, and to detect types; the file itself is streamed whole. */
const PREVIEW_BYTES = 64 * 1024
const PREVIEW_ROWS = 5
/** Rows of the preview bytes whose values suggest each new column's type. */
const DETECT_ROWS = 1_000

export type Source = { blob: Blob; name: string }
export type Preview = { fields: string[]; rows: string[][]; sample: string[][]; delimiter: ImportDelimiter }
/** A new table's column made from one field: kept or left out, its name and type. */
export type NewColumn = { keep: boolean; name: string; type: string; detected: string }

function guessDelimiter(text: string): ImportDelimiter {
  const first = text.split('\n', 1)[0] ?? ''
  const counts = ([',', '\t', ';', '|'] as const).map((d) => [d, first.split(d).length] as const)
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0]
}

export async function previewOf(blob: Blob): Promise<Preview> {
  const text = await blob.slice(0, PREVIEW_BYTES).text()
  const delimiter = guessDelimiter(text)
  const parsed = Papa.parse<string[]>(text, { delimiter, preview: DETECT_ROWS + 1, skipEmptyLines: true })
  const [fields = [], ...rows] = parsed.data
  // The slice may cut the last record short: it says nothing about its field's type.
  const sample = blob.size > PREVIEW_BYTES ? rows.slice(0, -1) : rows
  return { fields: fields.map((f) => f.replace(/^\uFEFF/, '')), rows: rows.slice(0, PREVIEW_ROWS), sample, delimiter }
}

/** The new table's columns the fields suggest: their header names, and the types their first values pass. */
export function newColumnsOf(preview: Preview): NewColumn[] {
  return columnNamesForFields(preview.fields).map((name, i) => {
    const detected = detectColumnType(preview.sample.map((r) => r[i] ?? ''))
    return { keep: true, name, type: detected, detected }
  })
}

/** The first values of field `i` shown beside it (an empty one says so). */
export const firstValues = (preview: Preview, i: number) => preview.rows.map((r) => r[i] || '(empty)').slice(0, 3).join(' · ')

/** How a field is named on the form: its header, or its position when the header is blank. */
export const fieldLabel = (field: string, i: number) => field.trim() || `#${i + 1}`

/** Why the new table cannot be made as the form stands, or null. */
export function newTableProblem(name: string, columns: NewColumn[]): string | null {
  if (!name.trim()) return 'Name the new table.'
  if (isNameTooLong(name)) return `The table name must be at most ${MAX_IDENTIFIER_BYTES} bytes.`
  const kept = columns.filter((c) => c.keep)
  if (kept.length === 0) return 'Keep at least one field as a column.'
  if (kept.some((c) => !c.name.trim())) return 'Every kept field needs a column name.'
  if (kept.some((c) => isNameTooLong(c.name))) return `Column names must be at most ${MAX_IDENTIFIER_BYTES} bytes.`
  const names = kept.map((c) => c.name)
  const repeated = names.find((n, i) => names.indexOf(n) !== i)
  if (repeated) return `Two columns are named ${repeated}: each name is used once.`
  return null
}

