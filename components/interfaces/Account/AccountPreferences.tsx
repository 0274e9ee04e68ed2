import { AccountShell } from './AccountShell'
import { ProfileSection } from './ProfileSection'
import { ThemeSection } from './ThemeSection'

/** /account/me: profile and appearance. */
export function AccountPreferences() {
  return (
    <AccountShell>
      <ProfileSection />
      <ThemeSection />
    </AccountShell>
  )
}
