import { useEffect, useId, useState } from 'react'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { ADVISOR_RULE_REASON_MAX_LENGTH } from '@/lib/advisors/rules'

type DisableRuleModalProps = {
  /** The rule being disabled; null when closed. */
  rule: { name: string; title: string } | null
  pending: boolean
  error: string | null
  onCancel: () => void
  onConfirm: (reason: string | null) => void
}

/** Asks for an optional reason before a rule is disabled for the project. */
export function DisableRuleModal({ rule, pending, error, onCancel, onConfirm }: DisableRuleModalProps) {
  const [reason, setReason] = useState('')
  const id = useId()
  useEffect(() => setReason(''), [rule?.name])
  const tooLong = reason.trim().length > ADVISOR_RULE_REASON_MAX_LENGTH

  return (
    <ConfirmModal
      title={`Disable “${rule?.title ?? ''}”?`}
      open={rule !== null}
      description="Its findings are hidden from the advisor for everyone in this project until the rule is enabled again."
      size="small"
      confirmLabel="Disable rule"
      pendingLabel="Disabling…"
      variant="primary"
      pending={pending}
      disabled={tooLong}
      onConfirm={() => onConfirm(reason.trim() === '' ? null : reason.trim())}
      onClose={onCancel}
    >
      <div className="field">
        <label className="label" htmlFor={id}>
          Reason (optional)
        </label>
        <textarea
          id={id}
          className="textarea"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-hint`}
          placeholder="Why this rule does not apply to the project"
        />
        <span id={`${id}-hint`} className={tooLong ? 'field-error' : 'field-hint'}>
          {tooLong
            ? `The reason must be at most ${ADVISOR_RULE_REASON_MAX_LENGTH} characters (${reason.trim().length} now).`
            : `Shown to the project's members next to the rule. At most ${ADVISOR_RULE_REASON_MAX_LENGTH} characters.`}
        </span>
        {error && (
          <span className="field-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </ConfirmModal>
  )
}
