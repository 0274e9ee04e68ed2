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
