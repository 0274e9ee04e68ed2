import { useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { authErrorMessage } from './auth-error-message'
import { TextField } from '@/components/ui/Field'
import { PasswordStrengthMeter } from '@/components/ui/PasswordStrengthMeter'
import { usePasswordStrength } from '@/hooks/use-password-strength'
import { useReturnTo } from './use-return-to'
import styles from './Auth.module.css'
import { EmailField } from './EmailField'

/**
 * E-mail and password sign-up. The password's strength is checked live (spec §5) and the
 * account can be created only with a strong password (score 4). When the auth service signs the
 * new user in at once, they continue to the validated returnTo; when it asks for a confirmation
 * e-mail first, the form says so. Errors (e.g. "Error sending confirmation mail") toast their
 * message (spec §8).
 */
export function SignUpForm() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { target, linkQuery } = useReturnTo()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null)
  const strength = usePasswordStrength(password)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!strength.isStrongEnough) return
    setBusy(true)
    const { data, error } = await getGotrueClient().signUp({ email: email.trim(), password })
    if (error) {
      toast.error(authErrorMessage(error))
      setBusy(false)
      return
    }
    if (data.session) {
      queryClient.clear()
      // The profile is created on the first signed-in page (ProfileProvider, spec §4).
      void router.replace(target)
      return
    }
    setConfirmationSentTo(email.trim())
    setBusy(false)
  }

  if (confirmationSentTo) {
    return (
      <div role="status">
        <p>
          Check your inbox: we sent a confirmation link to <strong>{confirmationSentTo}</strong>. Follow it, then sign
          in.
        </p>
        <Link className={`btn ${styles.submit}`} href={{ pathname: '/sign-in', query: linkQuery }}>
          Back to sign in
        </Link>
      </div>
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Sign up">
      <EmailField id="sign-up-email" value={email} onChange={setEmail} />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        aria-describedby="sign-up-password-strength"
        aria-invalid={strength.warning !== '' ? true : undefined}
        after={<PasswordStrengthMeter id="sign-up-password-strength" strength={strength.strength} message={strength.message} warning={strength.warning} />}
      />
      <button
        type="submit"
        className={`btn btn-primary ${styles.submit}`}
        disabled={busy || email.trim() === '' || !strength.isStrongEnough}
      >
        {busy ? 'Signing up…' : 'Sign up'}
      </button>
      <p className={styles.secondary}>
        Have an account? <Link href={{ pathname: '/sign-in', query: linkQuery }}>Sign in</Link>
      </p>
    </form>
  )
}
