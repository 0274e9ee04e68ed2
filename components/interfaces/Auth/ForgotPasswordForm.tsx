import Link from 'next/link'
import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { authErrorMessage } from './auth-error-message'
import { useReturnTo } from './use-return-to'
import styles from './Auth.module.css'
import { EmailField } from './EmailField'

/** Said whatever the address: the page must not reveal whether an account exists. */
export const RESET_LINK_SENT_TEXT =
  'If an account exists for this email address, you will receive an email with a link to reset your password.'

/** Asks the auth service to send a password reset link (auth-js `resetPasswordForEmail`). */
export function ForgotPasswordForm() {
  const { linkQuery } = useReturnTo()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    const { error } = await getGotrueClient().resetPasswordForEmail(email.trim())
    setBusy(false)
    if (error) {
      // Only failures that say nothing about the account reach here (invalid address, rate limit).
      toast.error(authErrorMessage(error))
      return
    }
    setSent(true)
  }

  const backLink = (
    <p className={styles.secondary}>
      <Link href={{ pathname: '/sign-in', query: linkQuery }}>Back to sign in</Link>
    </p>
  )

  if (sent) {
    return (
      <div>
        <p role="status">{RESET_LINK_SENT_TEXT}</p>
        {backLink}
      </div>
    )
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Reset password">
      <EmailField id="forgot-email" value={email} onChange={setEmail} />
      <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={busy || email.trim() === ''}>
        {busy ? 'Sending…' : 'Send reset email'}
      </button>
      {backLink}
    </form>
  )
}
