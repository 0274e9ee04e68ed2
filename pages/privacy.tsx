import { PrivacyScreen } from '@/components/interfaces/App/Consent/PrivacyScreen'

export default function PrivacyPage() {
  return <PrivacyScreen />
}
