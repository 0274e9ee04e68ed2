import { redirectWhenSelfHosted } from '@/components/interfaces/Auth/redirect-when-self-hosted'
import { SignUpForm } from '@/components/interfaces/Auth/SignUpForm'
import { AuthLayout } from '@/components/layouts/AuthLayout'

export const getServerSideProps = redirectWhenSelfHosted

export default function SignUpPage() {
  return <AuthLayout title="Get started" subtitle="Create a new account"><SignUpForm /></AuthLayout>
}
