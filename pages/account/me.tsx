import { AccountPreferences } from '@/components/interfaces/Account/AccountPreferences'

export default function AccountMePage() {
  return <AccountPreferences />
}
