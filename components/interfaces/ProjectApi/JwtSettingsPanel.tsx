import { useId, useState } from 'react'
import { toast } from 'sonner'
import { ConfirmModal } from '@/components/ui/ConfirmModal'
import { useRotateApiKeysMutation } from '@/data/api-keys/api-keys-rotate-mutation'
import type { ProjectSettings } from '@/data/api-keys/project-settings-query'
import { formatDateTime } from '@/lib/formatting'
import styles from './ProjectApi.module.css'

export type JwtSettingsPanelProps = {
  projectRef: string
  jwt: ProjectSettings['jwt']
  /** Owner/Admin: the route's minimum. */
  canRotate: boolean
  /** Why the member may not rotate (their role), shown under the button. */
  reason: string | null
}

/** The version and issue date of the secret that signs the keys, and rotating it (confirmed first). */
export function JwtSettingsPanel({ projectRef, jwt, canRotate, reason }: JwtSettingsPanelProps) {
  const id = useId()
  const [confirming, setConfirming] = useState(false)
  const rotate = useRotateApiKeysMutation({
    onSuccess: () => {
      setConfirming(false)
      toast.success('API keys rotated. Update your apps with the new keys.')
    },
  })

  return (
    <section className={`card ${styles.section}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>JWT settings</h2>
      <p className="muted">Both keys are JWTs signed with the project&apos;s own secret. Rotating it makes new keys and ends the old ones.</p>
      <dl className={styles.fields}>
        <div>
          <dt className={styles.name}>Key version</dt>
          <dd>{jwt.key_version}</dd>
        </div>
        <div>
          <dt className={styles.name}>Issued</dt>
          <dd>
            <time dateTime={jwt.issued_at}>{formatDateTime(jwt.issued_at)}</time>
          </dd>
        </div>
      </dl>
      <div className={styles.row}>
        <button type="button" className="btn btn-danger" disabled={!canRotate || rotate.isPending} onClick={() => setConfirming(true)}>
          Rotate keys
        </button>
      </div>
      {reason && <p className="field-hint">{reason}</p>}
      {confirming && (
        <ConfirmModal
          title="Rotate the API keys?"
          confirmLabel="Rotate keys"
          pendingLabel="Rotating…"
          pending={rotate.isPending}
          onConfirm={() => rotate.mutate({ projectRef })}
          onClose={() => setConfirming(false)}
        >
          New anon and service_role keys are made, and the old ones stop working at once: every app, server and script still using
          them is refused until it is given the new keys.
        </ConfirmModal>
      )}
    </section>
  )
}
