import type { Factor } from '@supabase/auth-js'
import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { QueryErrorState } from '@/components/ui/ErrorState'
import { ConfirmButtons } from '@/components/ui/ConfirmModal'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useAssuranceLevelQuery } from '@/data/mfa/mfa-aal-query'
import { useMfaFactorsQuery } from '@/data/mfa/mfa-factors-query'
import { useMfaUnenrollMutation } from '@/data/mfa/mfa-unenroll-mutation'
import { formatDateTime } from '@/lib/formatting'
import { MfaEnrollDialog } from './MfaEnrollDialog'
import styles from './Account.module.css'

function factorName(factor: Factor): string {
  return factor.friendly_name?.trim() || 'Authenticator app'
}

/** The MFA card of /account/security: the user's TOTP factors, adding one, removing one. */
export function MfaSection() {
  const factors = useMfaFactorsQuery()
  const level = useAssuranceLevelQuery()
  const [enrolling, setEnrolling] = useState(false)
  const [removing, setRemoving] = useState<Factor | null>(null)
  const unenroll = useMfaUnenrollMutation({
    onSuccess() {
      toast.success('Authenticator app removed')
      setRemoving(null)
    },
  })

  const addButton = (
    <button type="button" className="btn btn-primary" onClick={() => setEnrolling(true)}>
      Add authenticator app
    </button>
  )

  let body
  if (factors.isPending) {
    body = <SkeletonLines lines={2} label="Loading authenticator apps" />
  } else if (factors.isError) {
    body = (
      <QueryErrorState title="Failed to load your authenticator apps" query={factors} />
    )
  } else if (factors.data.all.length === 0) {
    body = (
      <EmptyState
        title="No authenticator apps yet"
        description="Add one to protect your account and to open organizations that require MFA."
        action={addButton}
      />
    )
  } else {
    body = (
      <>
        <ul className={styles.list} aria-label="Authenticator apps">
          {factors.data.all.map((factor) => (
            <li key={factor.id} className={styles.row}>
              <div className={styles.grow}>
                <div className={styles.rowTitle}>{factorName(factor)}</div>
                <div className="muted">Added {formatDateTime(factor.created_at)}</div>
              </div>
              <Badge variant={factor.status === 'verified' ? 'brand' : 'warning'}>
                {factor.status === 'verified' ? 'Verified' : 'Unverified'}
              </Badge>
              <button
                type="button"
                className="btn btn-sm"
                onClick={() => setRemoving(factor)}
                aria-label={`Remove ${factorName(factor)}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.actions} style={{ marginTop: '1rem' }}>
          {addButton}
        </div>
      </>
    )
  }

  return (
    <section className="card" aria-labelledby="account-mfa-title">
      <h2 id="account-mfa-title" className={styles.sectionTitle}>
        Multi-factor authentication
      </h2>
      <p className={styles.sectionIntro}>
        Sign in with a code from an authenticator app as well as your password.
        {level.data?.currentLevel === 'aal2' && ' This session is verified with MFA.'}
      </p>
      {body}
      <MfaEnrollDialog open={enrolling} onOpenChange={setEnrolling} />
      <Modal
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove authenticator app?"
        size="small"
        description={
          removing
            ? `${factorName(removing)} will no longer be able to sign you in. Organizations that require MFA will be closed to you until you add another.`
            : undefined
        }
        footer={
          <ConfirmButtons onCancel={() => setRemoving(null)} confirmDisabled={unenroll.isPending} onConfirm={() => removing && unenroll.mutate({ factorId: removing.id })}>
            {unenroll.isPending ? 'Removing…' : 'Remove'}
          </ConfirmButtons>
        }
      />
    </section>
  )
}
