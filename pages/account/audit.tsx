import { redirectWhenSelfHosted } from '@/components/interfaces/Auth/redirect-when-self-hosted'
import { AccountAuditLogs } from '@/components/interfaces/Account/AccountAuditLogs'

// Self-hosted has no sign-in, so no MFA factors or account audit trail.
export const getServerSideProps = redirectWhenSelfHosted

export default function AccountAuditPage() {
  return <AccountAuditLogs />
}
