import { useRouter } from 'next/router'
import { lazy, Suspense } from 'react'
import { Badge } from '@/components/ui/Badge'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { SqlRunError } from '@/components/ui/SqlPreview'
import { useSnippetCreateMutation } from '@/data/snippets/snippet-create-mutation'
import { SNIPPET_NAME_MAX_LENGTH } from '@/lib/sql/limits'
import { DESTRUCTIVE_KIND_LABELS } from '@/lib/sql/statements'
import type { AssistantSnippetResult } from '@/state/ai-assistant'
import { AiSnippetRows } from './AiSnippetRows'
import { useSnippetRun } from './useSnippetRun'
import styles from './AiAnswer.module.css'

// The highlighter loads with the first card shown; until then the SQL shows plain.
const AiSqlCode = lazy(() => import('./AiSqlCode'))

type AiSqlCardProps = {
  projectRef: string
  messageId: string
  snippet: { id: string; title: string; sql: string }
  /** The rows of its last run, kept with the message. */
  rows: AssistantSnippetResult | undefined
  /** The answer is still streaming. */
  disabled: boolean
}

/** A statement of an answer: its SQL highlighted, "Insert into editor" and "Run", and what the run returned. */
export function AiSqlCard({ projectRef, messageId, snippet, rows, disabled }: AiSqlCardProps) {
  const router = useRouter()
  const create = useSnippetCreateMutation()
  const runner = useSnippetRun({ projectRef, messageId, snippetId: snippet.id, sql: snippet.sql })
  const label = `SQL of ${snippet.title}`
  const empty = !snippet.sql.trim()

  // The SQL editor opens snippets by id: the statement becomes a snippet named after the card.
  const insert = () =>
    create.mutate(
      { projectRef, name: snippet.title.slice(0, SNIPPET_NAME_MAX_LENGTH), sql: snippet.sql },
      { onSuccess: (created) => void router.push(`/project/${projectRef}/sql/${created.id}`) }
    )

  return (
    <section className={styles.card} aria-label={snippet.title}>
      <h4 className={styles.cardTitle}>{snippet.title}</h4>
      <Suspense
        fallback={
          <pre className={styles.code} aria-label={label}>
            <code>{snippet.sql}</code>
          </pre>
        }
      >
        <AiSqlCode code={snippet.sql} label={label} />
      </Suspense>
      <div className={styles.cardActions}>
        <button type="button" className="btn btn-sm" disabled={disabled || empty || create.isPending} onClick={insert}>
          {create.isPending ? 'Opening the editor…' : 'Insert into editor'}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={disabled || empty || runner.running || !runner.ready}
          title={runner.blockedReason ?? undefined}
          onClick={runner.run}
        >
          {runner.running ? 'Running…' : 'Run'}
        </button>
      </div>
      {runner.error ? <SqlRunError error={runner.error} title="The query failed" /> : rows && <AiSnippetRows rows={rows} label={`Result of ${snippet.title}`} />}
      {runner.confirming && (
        // Escape closes the dialog, not the panel around it (React events bubble out of portals).
        <div onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}>
          <ConfirmModal
            title="Run a destructive query?"
            description="It removes data or database objects, and cannot be undone."
            confirmLabel="Run this query"
            pending={false}
            onConfirm={runner.confirm}
            onClose={runner.cancel}
            size="large"
          >
            <ol className={styles.destructiveList} aria-label="Destructive statements">
              {runner.confirming.map((statement) => (
                <li key={statement.start}>
                  <Badge variant="danger">{DESTRUCTIVE_KIND_LABELS[statement.kind]}</Badge> <code>{statement.text}</code>
                </li>
              ))}
            </ol>
          </ConfirmModal>
        </div>
      )}
    </section>
  )
}
