import { redirectWhenSelfHosted } from '@/components/interfaces/Auth/redirect-when-self-hosted'
import { ForgotPasswordForm } from '@/components/interfaces/Auth/ForgotPasswordForm'
import { AuthLayout } from '@/components/layouts/AuthLayout'

export const getServerSideProps = redirectWhenSelfHosted

export default function ForgotPasswordPage() {
  return <AuthLayout title="Reset your password" subtitle="Type in your email and we'll send you a link to reset your password"><ForgotPasswordForm /></AuthLayout>
}
