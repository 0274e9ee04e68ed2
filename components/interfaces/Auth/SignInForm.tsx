import { useQueryClient } from '@tanstack/react-query'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useAuth } from '@/components/layouts/AuthProvider'
import { getAssuranceLevel } from '@/data/mfa/mfa-aal-query'
import { getMfaFactors } from '@/data/mfa/mfa-factors-query'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { signOut } from '@/hooks/sign-out'
import { authErrorMessage } from './auth-error-message'
import { MfaChallengeForm } from './MfaChallengeForm'
import { useOAuthReturn } from './use-oauth-return'
import { useReturnTo } from './use-return-to'
import { TextField } from '@/components/ui/Field'
import styles from './Auth.module.css'
import { EmailField } from './EmailField'

type Step = { kind: 'credentials' } | { kind: 'mfa'; factorId: string } | { kind: 'leaving' }

/**
 * E-mail and password sign-in against the auth service (GOTRUE_URL). Then, if the account has
 * an authenticator app, its code; then the validated returnTo (spec §5). Auth errors toast
 * their message (spec §8). A visitor who is already signed in goes straight on.
 */
export function SignInForm() {
  const router = useRouter()
  const queryClient = useQueryClient()
  const { session, isLoading: authLoading } = useAuth()
  const { target, linkQuery } = useReturnTo()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [step, setStep] = useState<Step>({ kind: 'credentials' })
  const continuing = useRef(false)

  /** After a password sign-in: ask for the second factor when the account has one, else leave. */
  async function continueSignedIn() {
    if (continuing.current) return
    continuing.current = true
    try {
      const level = await getAssuranceLevel()
      if (level.nextLevel === 'aal2' && level.currentLevel !== 'aal2') {
        const factors = await getMfaFactors()
        const factor = factors.totp[0]
        if (factor) {
          setStep({ kind: 'mfa', factorId: factor.id })
          setBusy(false)
          continuing.current = false
          return
        }
      }
    } catch {
      // The level could not be read: the route guard checks it again where it matters.
    }
    leave()
  }

  function leave() {
    setStep({ kind: 'leaving' })
    // Data cached for an earlier visitor (or none) must not leak into this session.
    queryClient.clear()
    void router.replace(target)
  }

  // Already signed in when the page opened (e.g. a bookmarked /sign-in): decided once, when the
  // stored session is known, so a sign-in made on this page is not handled twice.
  const hadSession = useRef<boolean | null>(null)
  useEffect(() => {
    if (authLoading || hadSession.current !== null) return
    hadSession.current = session !== null
    if (session) void continueSignedIn()
  })

  // Back from a third-party sign-in (ThirdPartySignIn): finish it, or say why it failed.
  useOAuthReturn(() => void continueSignedIn())

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    const { error } = await getGotrueClient().signInWithPassword({ email: email.trim(), password })
    if (error) {
      toast.error(authErrorMessage(error))
      setBusy(false)
      return
    }
    await continueSignedIn()
  }

  async function cancelMfa() {
    await signOut(queryClient)
    continuing.current = false
    setPassword('')
    setStep({ kind: 'credentials' })
  }

  if (step.kind === 'mfa') {
    return <MfaChallengeForm factorId={step.factorId} onVerified={leave} onCancel={() => void cancelMfa()} />
  }

  const disabled = busy || step.kind === 'leaving'
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Sign in">
      <EmailField id="sign-in-email" value={email} onChange={setEmail} />
      <TextField
        id="sign-in-password"
        label="Password"
        labelAside={<Link href={{ pathname: '/forgot-password', query: linkQuery }}>Forgot password?</Link>}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={disabled}>
        {disabled ? 'Signing in…' : 'Sign in'}
      </button>
      <p className={styles.secondary}>
        Don&apos;t have an account? <Link href={{ pathname: '/sign-up', query: linkQuery }}>Sign up</Link>
      </p>
    </form>
  )
}
