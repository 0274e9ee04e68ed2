import { CopyButton } from '@/components/ui/CopyButton'
import type { SqlField } from '@/data/sql/execute-sql'
import { toCsv, toJson, toMarkdown } from '@/lib/sql/result-export'
import resultStyles from './SqlResults.module.css'

export type ResultActionsProps = {
  fields: SqlField[]
  rows: Record<string, unknown>[]
  /** Base of the download's file name (the snippet's name). */
  fileName: string
}

/** A file name safe on every system: letters, digits, dashes and underscores. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return cleaned || 'query'
}

function downloadCsv(fields: SqlField[], rows: Record<string, unknown>[], fileName: string) {
  // A byte order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\ufeff', toCsv(fields, rows)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `${safeFileName(fileName)}-results.csv`
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Revoked on the next turn: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Copy the result as CSV, JSON or Markdown, or download it as a CSV file. The text is built on click. */
export function ResultActions({ fields, rows, fileName }: ResultActionsProps) {
  return (
    <div className={resultStyles.resultActions} role="group" aria-label="Export results">
      <CopyButton text={() => toCsv(fields, rows)} label="Copy as CSV" copiedLabel="Copied" className="btn btn-sm" />
      <CopyButton text={() => toJson(rows)} label="Copy as JSON" copiedLabel="Copied" className="btn btn-sm" />
      <CopyButton text={() => toMarkdown(fields, rows)} label="Copy as Markdown" copiedLabel="Copied" className="btn btn-sm" />
      <button type="button" className="btn btn-sm" onClick={() => downloadCsv(fields, rows, fileName)}>
        Download CSV
      </button>
    </div>
  )
}
