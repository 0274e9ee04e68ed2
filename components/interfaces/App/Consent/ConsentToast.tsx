import { useState } from 'react'
import { isPlatform } from '@/lib/config'
import { useIsClient } from '@/hooks/use-is-client'
import { consentStore, useConsentDecision } from '@/state/consent'
import { PrivacySettingsModal } from './PrivacySettingsModal'
import styles from './Consent.module.css'

/**
 * The consent prompt (spec §2 overlay 3): bottom-right, full width on phones, shown only while
 * the visitor has not decided and never dismissed by a timer. Absent when self-hosted (no
 * telemetry there).
 */
export function ConsentToast() {
  const isClient = useIsClient()
  const decision = useConsentDecision()
  const [settingsOpen, setSettingsOpen] = useState(false)

  // The mode and the stored choice are known only in the browser (pages are prerendered).
  if (!isClient || !isPlatform()) return null

  return (
    <>
      {decision === 'undecided' && (
        <section className={styles.toast} aria-label="Cookie consent">
          <p className={styles.text}>
            We use cookies to collect data about how the dashboard is used, so that we can keep it working and
            improve it. You can accept them, opt out, or choose per category.
          </p>
          <div className="button-row">
            <button type="button" className="btn btn-primary btn-sm" onClick={() => consentStore.getState().acceptAll()}>
              Accept
            </button>
            <button type="button" className="btn btn-sm" onClick={() => consentStore.getState().optOut()}>
              Opt out
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSettingsOpen(true)}>
              Privacy settings
            </button>
          </div>
        </section>
      )}
      <PrivacySettingsModal open={settingsOpen} onOpenChange={setSettingsOpen} />
    </>
  )
}
