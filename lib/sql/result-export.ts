/**
 * A query result as text: CSV (RFC 4180), JSON and a Markdown table, for the results' copy and
 * download actions. Columns follow the result's fields, in order.
 */

export type ExportField = { name: string }
export type ExportRow = Record<string, unknown>

/** A cell as plain text: null and undefined become '', objects and arrays their JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** CSV with a header line, CRLF line ends (RFC 4180); NULL is an empty field. */
export function toCsv(fields: readonly ExportField[], rows: readonly ExportRow[]): string {
  const lines = [fields.map((f) => csvField(f.name)).join(',')]
  for (const row of rows) lines.push(fields.map((f) => csvField(cellText(row[f.name]))).join(','))
  return lines.join('\r\n')
}

/** The rows as a pretty-printed JSON array (values keep their JSON types; NULL is null). */
export function toJson(rows: readonly ExportRow[]): string {
  return JSON.stringify(rows, null, 2)
}

function markdownCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>')
}

/** A GitHub-flavoured Markdown table; NULL is written NULL so it differs from an empty string. */
export function toMarkdown(fields: readonly ExportField[], rows: readonly ExportRow[]): string {
  const header = `| ${fields.map((f) => markdownCell(f.name)).join(' | ')} |`
  const rule = `| ${fields.map(() => '---').join(' | ')} |`
  const body = rows.map(
    (row) => `| ${fields.map((f) => (row[f.name] === null || row[f.name] === undefined ? 'NULL' : markdownCell(cellText(row[f.name])))).join(' | ')} |`
  )
  return [header, rule, ...body].join('\n')
}

export type ResultFormat = 'csv' | 'json' | 'markdown'

/** Each format's label, file extension, MIME type and text (one table, read by the copy and download actions). */
export const RESULT_FORMATS: Record<ResultFormat, { label: string; extension: string; mimeType: string; text: (fields: readonly ExportField[], rows: readonly ExportRow[]) => string }> = {
  csv: { label: 'CSV', extension: 'csv', mimeType: 'text/csv;charset=utf-8', text: toCsv },
  json: { label: 'JSON', extension: 'json', mimeType: 'application/json;charset=utf-8', text: (_fields, rows) => toJson(rows) },
  markdown: { label: 'Markdown', extension: 'md', mimeType: 'text/markdown;charset=utf-8', text: toMarkdown },
}

/** The parts of a result's file: its name (`{base}-results.{ext}`) and its UTF-8 text (CSV with a byte order mark, so spreadsheets read it as UTF-8). */
export function resultFile(format: ResultFormat, fields: readonly ExportField[], rows: readonly ExportRow[], baseName: string): { name: string; mimeType: string; text: string } {
  const spec = RESULT_FORMATS[format]
  const text = spec.text(fields, rows)
  return { name: `${baseName}-results.${spec.extension}`, mimeType: spec.mimeType, text: format === 'csv' ? `\ufeff${text}` : text }
}
