import { CopyButton } from '@/components/ui/CopyButton'
import { downloadFile, safeFileName } from '@/components/ui/download-file'
import type { SqlField } from '@/data/sql/execute-sql'
import { RESULT_FORMATS, resultFile, type ResultFormat } from '@/lib/sql/result-export'
import resultStyles from './SqlResults.module.css'

export type ResultActionsProps = {
  fields: SqlField[]
  /** The result's rows as they arrived, values whole (the grid cuts long values only on screen). */
  rows: Record<string, unknown>[]
  /** Base of the download's file name (the snippet's name). */
  fileName: string
}

const FORMATS = Object.keys(RESULT_FORMATS) as ResultFormat[]

function download(format: ResultFormat, fields: SqlField[], rows: Record<string, unknown>[], fileName: string) {
  const file = resultFile(format, fields, rows, safeFileName(fileName))
  downloadFile(file.name, new Blob([file.text], { type: file.mimeType }))
}

/** Copy the result, or download it as a file, as CSV, JSON or Markdown. The text is built on click. */
export function ResultActions({ fields, rows, fileName }: ResultActionsProps) {
  return (
    <div className={resultStyles.resultActions} role="group" aria-label="Export results">
      {FORMATS.map((format) => (
        <CopyButton key={format} text={() => RESULT_FORMATS[format].text(fields, rows)} label={`Copy as ${RESULT_FORMATS[format].label}`} copiedLabel="Copied" className="btn btn-sm" />
      ))}
      {FORMATS.map((format) => (
        <button key={format} type="button" className="btn btn-sm" onClick={() => download(format, fields, rows, fileName)}>
          Download {RESULT_FORMATS[format].label}
        </button>
      ))}
    </div>
  )
}
