import { FEATURE_REQUEST_URL, type FeaturePreview } from '@/lib/catalogue/feature-previews'
import { Badge } from '@/components/ui/Badge'
import { Modal } from '@/components/ui/Modal'
import { sendTelemetryEvent } from '@/hooks/telemetry'
import {
  availableFeaturePreviews,
  featurePreviewStore,
  isFlagOn,
  useFeaturePreviewFlags,
} from '@/state/feature-previews'
import { useFeaturePreviewModal } from '@/hooks/use-feature-preview-modal'
import styles from './FeaturePreviewModal.module.css'

/** spec §2: the list of previews is exactly this size. */
export const FEATURE_PREVIEW_LIST_SIZE = { width: 280, height: 550 } as const

export type FeaturePreviewModalProps = {
  /** The current organization's plan (`plan.id`); plan-gated previews need it (spec §3). */
  organizationPlanId?: string
  /** Telemetry groups (spec §4: "Unknown" when absent). */
  projectRef?: string
  organizationSlug?: string
}

/** The dashboard feature previews modal (spec §2 overlay 1), opened by `?featurePreviewModal=`. */
export function FeaturePreviewModal({ organizationPlanId, projectRef, organizationSlug }: FeaturePreviewModalProps) {
  const { isOpen, selectedKey, select, close } = useFeaturePreviewModal()
  const flags = useFeaturePreviewFlags()
  const previews = availableFeaturePreviews(organizationPlanId)
  const selected = previews.find((preview) => preview.key === selectedKey) ?? previews[0]

  function toggle(preview: FeaturePreview) {
    const enabled = featurePreviewStore.getState().toggle(preview.key)
    // spec §4: off → on sends feature_preview_enabled, on → off feature_preview_disabled.
    void sendTelemetryEvent({
      action: enabled ? 'feature_preview_enabled' : 'feature_preview_disabled',
      properties: { feature: preview.key },
      groups: { project: projectRef ?? 'Unknown', organization: organizationSlug ?? 'Unknown' },
    })
  }

  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) close()
      }}
      title="Dashboard feature previews"
      description="Try features before they are released to everyone. You can switch each one on or off at any time."
      size="xlarge"
      flush
    >
      {selected === undefined ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No feature previews available</p>
          <p className="muted">
            Have an idea for the dashboard?{' '}
            <a href={FEATURE_REQUEST_URL} target="_blank" rel="noreferrer noopener">
              Request a feature
            </a>
          </p>
        </div>
      ) : (
        <div className={styles.layout}>
          <nav aria-label="Feature previews" className={styles.list} style={FEATURE_PREVIEW_LIST_SIZE}>
            <ul>
              {previews.map((preview) => {
                const on = isFlagOn(flags, preview.key)
                return (
                  <li key={preview.key}>
                    <button
                      type="button"
                      className={`list-button ${styles.item}`}
                      aria-current={preview.key === selected.key ? 'true' : undefined}
                      onClick={() => select(preview.key)}
                    >
                      <span className={styles.marker} data-state={on ? 'on' : 'off'} aria-hidden="true" />
                      <span className={styles.itemName}>{preview.name}</span>{' '}
                      <span className="visually-hidden">{on ? '(enabled)' : '(disabled)'}</span>
                    </button>
                  </li>
                )
              })}
            </ul>
          </nav>
          <FeaturePreviewDetail preview={selected} enabled={isFlagOn(flags, selected.key)} onToggle={() => toggle(selected)} />
        </div>
      )}
    </Modal>
  )
}

function FeaturePreviewDetail({
  preview,
  enabled,
  onToggle,
}: {
  preview: FeaturePreview
  enabled: boolean
  onToggle: () => void
}) {
  const headingId = `feature-preview-${preview.key}`
  return (
    <section className={styles.detail} aria-labelledby={headingId}>
      <div className={styles.detailHeader}>
        <div className={styles.detailTitle}>
          <h3 id={headingId}>{preview.name}</h3>
          {preview.isNew && <Badge variant="brand">New</Badge>}
        </div>
        <div className={styles.actions}>
          {preview.discussionsUrl && (
            <a className="btn btn-sm" href={preview.discussionsUrl} target="_blank" rel="noreferrer noopener">
              Give feedback
            </a>
          )}
          <button type="button" className={enabled ? 'btn btn-sm' : 'btn btn-primary btn-sm'} onClick={onToggle}>
            {enabled ? 'Disable feature' : 'Enable feature'}
          </button>
        </div>
      </div>
      <p className={styles.description}>{preview.description}</p>
    </section>
  )
}
