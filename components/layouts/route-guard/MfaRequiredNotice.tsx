import Link from 'next/link'
import { Admonition } from '@/components/ui/Admonition'
import { useMfaRequirement } from './use-mfa-guard'

export const MFA_REQUIRED_TITLE = 'This organization requires multi-factor authentication'
export const MFA_REQUIRED_TEXT =
  'Set up an authenticator app on your account and verify a code to open its projects, team, billing and settings.'

/**
 * The notice on the organization home when the organization requires MFA that this session has
 * not satisfied (spec §2 route guard): explains why the user landed here and links to MFA setup.
 * Renders nothing otherwise.
 */
export function MfaRequiredNotice({ slug }: { slug: string | undefined }) {
  const { isUnmet } = useMfaRequirement(slug)
  if (!isUnmet) return null
  return (
    <Admonition
      type="warning"
      role="status"
      title={MFA_REQUIRED_TITLE}
      actions={
        <Link className="btn btn-sm btn-primary" href="/account/security">
          Set up MFA
        </Link>
      }
    >
      {MFA_REQUIRED_TEXT}
    </Admonition>
  )
}
