import { AccountShell } from './AccountShell'
import { MfaSection } from './MfaSection'

/** /account/security: multi-factor authentication. */
export function AccountSecurity() {
  return (
    <AccountShell>
      <MfaSection />
    </AccountShell>
  )
}
