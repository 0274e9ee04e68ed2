import { Admonition } from '@/components/ui/Admonition'
import type { SqlErrorBody } from '@/data/sql/execute-sql'
import { lineColumnAt } from '@/lib/sql/error-position'
import { sqlErrorPrompt, type SqlErrorQuestion } from './sql-assistant'
import resultStyles from './SqlResults.module.css'

export type SqlErrorPanelProps = {
  message: string
  sqlError: SqlErrorBody | null
  /** Where the error points in the editor's text (0-based), when Postgres said. */
  errorIndex: number | null
  /** The editor's whole text, to turn the index into a line and column. */
  documentText: string
  onShowInEditor?: (index: number) => void
  /** The text that was run (for the assistant's question; the document may have changed since). */
  statement?: string
  /** Asks the assistant a question; with a Postgres error, "Explain error" and "Fix with assistant" show. */
  onAskAssistant?: (prompt: string) => void
}

const ASK_LABELS: Record<SqlErrorQuestion, string> = { explain: 'Explain error', fix: 'Fix with assistant' }

/** A failed run: the Postgres message with its code, detail, hint, context and position. */
export function SqlErrorPanel({ message, sqlError, errorIndex, documentText, onShowInEditor, statement, onAskAssistant }: SqlErrorPanelProps) {
  const where = errorIndex === null ? null : lineColumnAt(documentText, errorIndex)
  // Only a Postgres error is the statement's fault: a platform failure is not the assistant's to fix.
  const canAsk = Boolean(sqlError && onAskAssistant && statement !== undefined)
  const hasDetails = Boolean(where || sqlError?.detail || sqlError?.hint || sqlError?.where)
  return (
    <div className={resultStyles.errorPanel}>
      <Admonition
        type="danger"
        role="alert"
        title={sqlError ? `ERROR ${sqlError.code}: ${message}` : `The query could not run: ${message}`}
        actions={
          (where && onShowInEditor) || canAsk ? (
            <>
              {where && onShowInEditor && (
                <button type="button" className="btn btn-sm" onClick={() => onShowInEditor(errorIndex!)}>
                  Show in editor
                </button>
              )}
              {canAsk &&
                (['explain', 'fix'] as const).map((question) => (
                  <button
                    key={question}
                    type="button"
                    className="btn btn-sm"
                    onClick={() => onAskAssistant!(sqlErrorPrompt(question, { message, sqlError, statement: statement! }))}
                  >
                    {ASK_LABELS[question]}
                  </button>
                ))}
            </>
          ) : undefined
        }
      >
        {hasDetails && (
        <dl className={resultStyles.errorDetails}>
          {where && (
            <>
              <dt>Position</dt>
              <dd>
                Line {where.line}, column {where.column}
              </dd>
            </>
          )}
          {sqlError?.detail && (
            <>
              <dt>Detail</dt>
              <dd>{sqlError.detail}</dd>
            </>
          )}
          {sqlError?.hint && (
            <>
              <dt>Hint</dt>
              <dd>{sqlError.hint}</dd>
            </>
          )}
          {sqlError?.where && (
            <>
              <dt>Context</dt>
              <dd className="mono">{sqlError.where}</dd>
            </>
          )}
        </dl>
        )}
      </Admonition>
    </div>
  )
}
