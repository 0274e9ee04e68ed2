import { AccountShell } from './AccountShell'
import { AuditLogSection } from './AuditLogSection'

/** /account/audit: the account's audit log. */
export function AccountAuditLogs() {
  return (
    <AccountShell>
      <AuditLogSection />
    </AccountShell>
  )
}
