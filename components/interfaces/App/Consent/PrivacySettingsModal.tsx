import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { Admonition } from '@/components/ui/Admonition'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Toggle } from '@/components/ui/Toggle'
import { useConsentCategoriesQuery } from '@/data/consent/consent-categories-query'
import {
  consentStore,
  initialServiceStatuses,
  isCategoryGranted,
  setCategoryStatus,
  type ServiceStatuses,
} from '@/state/consent'
import styles from './Consent.module.css'

/** Where "Learn more" leads: the privacy policy's part on cookies. */
/** The dashboard's own page on what each consent category collects. */
export const PRIVACY_POLICY_URL = '/dashboard/privacy'

/** spec §2 overlay 2: the warning shown when the categories cannot be loaded. */
export const PRIVACY_SETTINGS_LOAD_ERROR_TITLE = 'Unable to Load Privacy Settings'

export type PrivacySettingsModalProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/**
 * Privacy settings (spec §2 overlay 2, §4): one toggle per consent category, essential ones
 * locked on; Confirm saves the status of every service.
 */
export function PrivacySettingsModal({ open, onOpenChange }: PrivacySettingsModalProps) {
  const categories = useConsentCategoriesQuery({ enabled: open })
  const record = useStore(consentStore)
  // The edits of this opening; null until the first toggle, so the stored choice shows until then.
  const [draft, setDraft] = useState<ServiceStatuses | null>(null)

  useEffect(() => {
    if (open) setDraft(null)
  }, [open])

  const statuses = draft ?? (categories.data ? initialServiceStatuses(categories.data, record) : {})

  function confirm() {
    consentStore.getState().saveServiceStatuses(statuses)
    onOpenChange(false)
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Privacy settings"
      description="Choose which cookies the dashboard may set. Strictly necessary cookies are always on."
      size="medium"
      footer={
        <div className={styles.footer}>
          <a href={PRIVACY_POLICY_URL} target="_blank" rel="noreferrer noopener">
            Learn more
          </a>
          <div className={styles.footerActions}>
            <button type="button" className="btn btn-sm" onClick={() => onOpenChange(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={confirm} disabled={!categories.data}>
              Confirm
            </button>
          </div>
        </div>
      }
    >
      {categories.isPending && categories.fetchStatus !== 'idle' && <SkeletonLines lines={4} label="Loading privacy settings" />}
      {categories.isError && (
        <Admonition
          type="warning"
          role="alert"
          title={PRIVACY_SETTINGS_LOAD_ERROR_TITLE}
          actions={
            <button type="button" className="btn btn-sm" onClick={() => void categories.refetch()}>
              Try again
            </button>
          }
        >
          The privacy settings could not be loaded. An ad blocker or a network error may have stopped the request:
          allow this site in your ad blocker or check your connection, then try again.
        </Admonition>
      )}
      {categories.data && (
        <ul className={`plain-list ${styles.categories}`}>
          {categories.data.map((category) => (
            <li key={category.slug}>
              <Toggle
                label={category.label}
                description={category.description}
                checked={category.isEssential || isCategoryGranted(statuses, category)}
                disabled={category.isEssential}
                onChange={(granted) => setDraft(setCategoryStatus(statuses, category, granted))}
              />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  )
}
