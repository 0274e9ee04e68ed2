import { redirectWhenSelfHosted } from '@/components/interfaces/Auth/redirect-when-self-hosted'
import { SignInForm } from '@/components/interfaces/Auth/SignInForm'
import { ThirdPartySignIn } from '@/components/interfaces/Auth/ThirdPartySignIn'
import { AuthLayout } from '@/components/layouts/AuthLayout'

export const getServerSideProps = redirectWhenSelfHosted

export default function SignInPage() {
  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to your account">
      <ThirdPartySignIn />
      <SignInForm />
    </AuthLayout>
  )
}
