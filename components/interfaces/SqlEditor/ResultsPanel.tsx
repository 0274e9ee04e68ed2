import { useEffect, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { Spinner } from '@/components/ui/Spinner'
import type { SqlResult } from '@/data/sql/execute-sql'
import { SQL_RESULT_ROW_CAP } from '@/lib/sql/limits'
import { ResultActions } from './ResultActions'
import { ResultGrid } from './ResultGrid'
import { CANCELLED_NOTICE } from './SqlEditor.constants'
import resultStyles from './SqlResults.module.css'
import { SqlErrorPanel } from './SqlErrorPanel'
import type { RunState } from './useSqlRunner'

export type ResultsPanelProps = {
  state: RunState
  /** Where a failed run's error points in the editor's current text; null once the text changed. */
  errorIndex: number | null
  /** The editor's text (for the error's line and column). */
  documentText: string
  fileName: string
  onCancel: () => void
  onShowInEditor: (index: number) => void
  /** "Explain error" / "Fix with assistant" on a Postgres error put this question to the assistant. */
  onAskAssistant?: (prompt: string) => void
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`

/** Milliseconds under a second, seconds with two decimals above. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`
}

/** What a result says in one line: rows returned, or the command and rows affected. */
export function resultSummary(result: SqlResult): string {
  if (result.fields.length > 0) return count(result.rows.length, 'row', 'rows')
  const command = result.command ?? 'Query'
  if (result.rowCount !== null && ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY', 'MOVE', 'FETCH'].includes(command)) {
    return `${command}: ${count(result.rowCount, 'row', 'rows')} affected`
  }
  return `${command}: success, no rows returned`
}

function Elapsed({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => performance.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 100)
    return () => clearInterval(timer)
  }, [])
  return <span className="muted">{formatDuration(Math.max(0, now - startedAt))}</span>
}

/** The lower half of the SQL editor: nothing yet, running, cancelled, an error, or the result. */
export function ResultsPanel({ state, errorIndex, documentText, fileName, onCancel, onShowInEditor, onAskAssistant }: ResultsPanelProps) {
  if (state.status === 'idle') {
    return (
      <div className={resultStyles.resultsMessage}>
        <p className="muted">
          Run a query to see its results here: <kbd>Ctrl</kbd> + <kbd>Enter</kbd> (<kbd>⌘</kbd> + <kbd>Enter</kbd> on a Mac) runs the selection, or the
          whole script when nothing is selected.
        </p>
      </div>
    )
  }

  if (state.status === 'running' && state.partial) {
    const { partial } = state
    return (
      <div className={resultStyles.resultsBody}>
        <div className={resultStyles.resultBar}>
          <span className={resultStyles.resultSummary} role="status">
            {count(partial.rows.length, 'row', 'rows')} so far… <Elapsed startedAt={state.startedAt} />
          </span>
          <button type="button" className="btn btn-sm" onClick={onCancel}>
            Cancel
          </button>
        </div>
        <ResultGrid fields={partial.fields} rows={partial.rows} />
      </div>
    )
  }

  if (state.status === 'running') {
    return (
      <div className={resultStyles.resultsMessage}>
        <div className={resultStyles.running}>
          <Spinner label="Running query" />
          <span aria-hidden="true">Running query…</span>
          <Elapsed startedAt={state.startedAt} />
          <button type="button" className="btn btn-sm" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    )
  }

  if (state.status === 'cancelled') {
    return (
      <div className={resultStyles.resultsMessage}>
        <Admonition type="warning" role="status" title="Query cancelled">
          {CANCELLED_NOTICE}
        </Admonition>
      </div>
    )
  }

  if (state.status === 'error') {
    return (
      <div className={resultStyles.resultsScroll}>
        <div className={resultStyles.resultBar}>
          <span className={resultStyles.resultSummary}>Failed after {formatDuration(state.durationMs)}</span>
        </div>
        <SqlErrorPanel
          message={state.message}
          sqlError={state.sqlError}
          errorIndex={errorIndex}
          documentText={documentText}
          onShowInEditor={onShowInEditor}
          statement={state.target.sql}
          onAskAssistant={onAskAssistant}
        />
      </div>
    )
  }

  const { result, durationMs } = state
  const hasColumns = result.fields.length > 0
  return (
    <div className={resultStyles.resultsBody}>
      <div className={resultStyles.resultBar}>
        <span className={resultStyles.resultSummary} role="status">
          {resultSummary(result)}
          <span className="muted"> · {formatDuration(durationMs)}</span>
          {state.target.isSelection && <span className="muted"> · selection</span>}
        </span>
        {hasColumns && <ResultActions fields={result.fields} rows={result.rows} fileName={fileName} />}
      </div>
      {state.failure && (
        <Admonition type="danger" role="alert" className={resultStyles.truncatedNotice} title={`The query stopped after ${count(result.rows.length, 'row', 'rows')}`}>
          {state.failure.message}
          {state.failure.hint && <> {state.failure.hint}</>}
        </Admonition>
      )}
      {result.truncated && (
        <Admonition type="warning" role="status" className={resultStyles.truncatedNotice} title="Result truncated">
          The query returned {result.rowCount !== null ? `${result.rowCount.toLocaleString('en-US')} rows` : 'more rows than the limit'}; only the first{' '}
          {SQL_RESULT_ROW_CAP.toLocaleString('en-US')} are shown, copied and downloaded. Add a LIMIT or a WHERE to see the rest.
        </Admonition>
      )}
      {hasColumns ? (
        result.rows.length > 0 ? (
          <ResultGrid fields={result.fields} rows={result.rows} />
        ) : (
          <div className={resultStyles.resultsMessage}>
            <p className="muted">The query returned no rows. Columns: {result.fields.map((f) => `${f.name} (${f.type ?? 'unknown'})`).join(', ')}.</p>
          </div>
        )
      ) : (
        <div className={resultStyles.resultsMessage}>
          <p className="muted">Success. The statement returned no rows.</p>
        </div>
      )}
    </div>
  )
}
