import { SignOutScreen } from '@/components/interfaces/Auth/SignOutScreen'

export default function LogoutPage() {
  return <SignOutScreen />
}
