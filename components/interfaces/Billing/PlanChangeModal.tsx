import { useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useSubscriptionPreviewQuery } from '@/data/billing/subscription-preview-query'
import type { SubscriptionPreview } from '@/lib/api-types/billing'
import { useSubscriptionUpdateMutation } from '@/data/billing/subscription-update-mutation'
import { findPlanTier, type PlanId } from '@/lib/catalogue/plans'
import { formatCurrency, formatShortDate } from '@/lib/formatting'
import { centsToDollars, planChangeDirection } from './Billing.utils'
import styles from './Billing.module.css'

type PlanChangeModalProps = {
  slug: string
  currentPlanId: PlanId
  /** The plan chosen in the table; null keeps the modal closed. */
  targetPlanId: PlanId | null
  onClose: () => void
}

/**
 * Confirms a plan change with the platform's preview (price, amount due now, refusal reason),
 * then changes it. A refusal or a failed change (e.g. the Free plan's limit of 2 active
 * projects) is shown in the modal, where the user is looking.
 */
export function PlanChangeModal({ slug, currentPlanId, targetPlanId, onClose }: PlanChangeModalProps) {
  const open = targetPlanId !== null
  const [changeError, setChangeError] = useState<string | null>(null)
  const preview = useSubscriptionPreviewQuery({ slug, planId: targetPlanId ?? undefined, enabled: open })
  const mutation = useSubscriptionUpdateMutation({
    onError: (error) => setChangeError(error.message),
    onSuccess: (data) => {
      toast.success(`Your organization is now on the ${data.plan.name} plan`)
      close()
    },
  })

  function close() {
    setChangeError(null)
    mutation.reset()
    onClose()
  }

  const target = targetPlanId ? findPlanTier(targetPlanId) : null
  const direction = targetPlanId ? planChangeDirection(currentPlanId, targetPlanId) : 'none'
  const verb = direction === 'downgrade' ? 'Downgrade' : 'Upgrade'
  const refused = preview.data ? !preview.data.allowed : false

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !mutation.isPending) close()
      }}
      title={target ? `${verb} to the ${target.name} plan` : 'Change plan'}
      description={target ? `From ${findPlanTier(currentPlanId).name} to ${target.name}` : undefined}
      footer={
        <>
          <button type="button" className="btn" onClick={close} disabled={mutation.isPending}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!preview.data || refused || mutation.isPending}
            onClick={() => {
              if (!targetPlanId) return
              setChangeError(null)
              mutation.mutate({ slug, planId: targetPlanId })
            }}
          >
            {mutation.isPending ? 'Changing plan…' : `Confirm ${verb.toLowerCase()}`}
          </button>
        </>
      }
    >
      <div className={styles.previewStack}>
        {preview.isError ? (
          <QueryErrorState title="Failed to preview the plan change" query={preview} />
        ) : preview.isPending ? (
          <SkeletonLines lines={3} label="Loading the preview" />
        ) : (
          <PreviewDetails preview={preview.data} />
        )}
        {changeError && (
          <Admonition type="danger" role="alert" title="The plan could not be changed">
            {changeError}
          </Admonition>
        )}
      </div>
    </Modal>
  )
}

function PreviewDetails({ preview }: { preview: SubscriptionPreview }) {
  if (!preview.allowed) {
    return (
      <Admonition type="danger" role="alert" title="This plan change is not possible">
        {preview.refusal_reason}
      </Admonition>
    )
  }
  const target = findPlanTier(preview.target_plan.id)
  return (
    <div>
      <dl className={styles.previewFacts}>
        <dt>{target.name} plan price</dt>
        <dd>
          {preview.next_invoice_base_amount === null
            ? target.priceLabel
            : `${formatCurrency(centsToDollars(preview.next_invoice_base_amount))} ${target.costUnit}`}
        </dd>
        <dt>Due today</dt>
        <dd>{formatCurrency(centsToDollars(preview.amount_due_today))}</dd>
        <dt>Current billing period ends</dt>
        <dd>{formatShortDate(preview.current_period_end)}</dd>
      </dl>
      {preview.lines.length > 0 && (
        <ul className="muted" style={{ margin: '0 0 0.75rem', paddingLeft: '1.1rem' }} aria-label="Charges today">
          {preview.lines.map((line) => (
            <li key={line.description}>
              {line.description}: {formatCurrency(centsToDollars(line.amount))}
            </li>
          ))}
        </ul>
      )}
      <p className="muted" style={{ margin: 0 }}>
        {preview.change === 'downgrade'
          ? 'The change takes effect at once; the rest of the current period is not refunded.'
          : 'The change takes effect at once. The amount due today is recorded as a paid invoice: no card is charged on this platform.'}
      </p>
    </div>
  )
}
