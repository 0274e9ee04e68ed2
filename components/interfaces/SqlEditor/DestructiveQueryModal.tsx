import { Badge } from '@/components/ui/Badge'
import { Modal } from '@/components/ui/Modal'
import { DESTRUCTIVE_KIND_LABELS, type DestructiveStatement } from '@/lib/sql/statements'
import resultStyles from './SqlResults.module.css'

/** Longest statement text shown in the list; the editor holds the rest. */
const STATEMENT_PREVIEW_CHARS = 400

export type DestructiveQueryModalProps = {
  statements: DestructiveStatement[]
  open: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** Asks before running DROP, TRUNCATE, DELETE without WHERE or ALTER … DROP (issue 5), listing each one. */
export function DestructiveQueryModal({ statements, open, onConfirm, onCancel }: DestructiveQueryModalProps) {
  const count = statements.length
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Run a destructive query?"
      description={`${count === 1 ? 'This statement removes' : `These ${count} statements remove`} data or database objects. It cannot be undone.`}
      size="large"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            Run this query
          </button>
        </>
      }
    >
      <ol className={resultStyles.destructiveList} aria-label="Destructive statements">
        {statements.map((statement) => (
          <li key={statement.start}>
            <Badge variant="danger">{DESTRUCTIVE_KIND_LABELS[statement.kind]}</Badge>
            <pre className={`mono ${resultStyles.statementPreview}`}>
              {statement.text.length > STATEMENT_PREVIEW_CHARS ? `${statement.text.slice(0, STATEMENT_PREVIEW_CHARS)}…` : statement.text}
            </pre>
          </li>
        ))}
      </ol>
    </Modal>
  )
}
