import { DataTable } from '@/components/ui/DataTable'
import type { AssistantSnippetResult } from '@/state/ai-assistant'
import { AI_SNIPPET_SHOWN_ROWS } from './AiAssistant.constants'
import styles from './AiAnswer.module.css'

type Row = Record<string, unknown>

function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

/** The rows a snippet's run returned, the first few of them, as a small table. */
export function AiSnippetRows({ rows, label }: { rows: AssistantSnippetResult; label: string }) {
  const records = rows.filter((row): row is Row => typeof row === 'object' && row !== null)
  if (records.length === 0) return <p className={styles.note}>The query ran and returned no rows.</p>
  const shown = records.slice(0, AI_SNIPPET_SHOWN_ROWS)
  const names = [...new Set(shown.flatMap((row) => Object.keys(row)))]
  return (
    <div className={styles.rows}>
      <DataTable
        label={label}
        columns={names.map((name) => ({ key: name, header: name, nowrap: true, render: (row: Row) => cellText(row[name]) }))}
        rows={shown}
        rowKey={(row) => shown.indexOf(row)}
      />
      <p className={styles.note}>
        {records.length > shown.length ? `Showing ${shown.length} of ${records.length} rows.` : records.length === 1 ? '1 row.' : `${records.length} rows.`}
      </p>
    </div>
  )
}
