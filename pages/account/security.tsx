import { redirectWhenSelfHosted } from '@/components/interfaces/Auth/redirect-when-self-hosted'
import { AccountSecurity } from '@/components/interfaces/Account/AccountSecurity'

// Self-hosted has no sign-in, so no MFA factors or account audit trail.
export const getServerSideProps = redirectWhenSelfHosted

export default function AccountSecurityPage() {
  return <AccountSecurity />
}
