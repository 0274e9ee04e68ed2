import Link from 'next/link'
import { useState } from 'react'
import { toast } from 'sonner'
import { Toggle } from '@/components/ui/Toggle'
import { useOrganizationUpdateMutation } from '@/data/organizations/organization-update-mutation'
import type { Organization } from '@/data/organizations/organizations-query'
import styles from './Settings.module.css'

/** spec §3, §6: "Require MFA" (organization_requires_mfa); only an Owner changes it. */
export function OrganizationMfaSetting({ organization, isOwner }: { organization: Organization; isOwner: boolean }) {
  const [error, setError] = useState<string | null>(null)
  const update = useOrganizationUpdateMutation({
    onSuccess: (org) =>
      toast.success(org.organization_requires_mfa ? 'Members now need MFA to open this organization' : 'MFA is no longer required'),
    onError: (err) => setError(err.message),
  })

  return (
    <section className={`card ${styles.card}`} aria-labelledby="org-security-title">
      <h2 id="org-security-title">Security</h2>
      <Toggle
        label="Require MFA"
        description="Members must sign in with multi-factor authentication to access this organization and its projects."
        // The requested value shows while the platform answers; a refusal flips it back.
        checked={update.isPending ? Boolean(update.variables?.organization_requires_mfa) : organization.organization_requires_mfa}
        disabled={!isOwner || update.isPending}
        onChange={(next) => {
          setError(null)
          update.mutate({ slug: organization.slug, organization_requires_mfa: next })
        }}
      />
      {error && (
        <p role="alert" className="field-error">
          {error} <Link href="/account/security">Set up MFA on your account</Link>
        </p>
      )}
      {!isOwner && <p className="field-hint">Only an Owner can change this setting.</p>}
    </section>
  )
}
