import { useState } from 'react'
import { toast } from 'sonner'
import { useAuthSettingsQuery } from '@/data/auth/auth-settings-query'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { BASE_PATH } from '@/lib/config'
import { authErrorMessage } from './auth-error-message'
import { useReturnTo } from './use-return-to'
import styles from './Auth.module.css'

/**
 * "Continue with GitHub" when the auth service has GitHub sign-in switched on (a real GoTrue
 * configured for it; the embedded one offers e-mail only, so nothing shows there). The service
 * sends the visitor back to /sign-in, where `useOAuthReturn` finishes or explains the sign-in.
 */
export function ThirdPartySignIn() {
  const { data } = useAuthSettingsQuery()
  const { linkQuery } = useReturnTo()
  const [busy, setBusy] = useState(false)
  if (!data?.external.github) return null

  async function start() {
    setBusy(true)
    const back = new URL(`${BASE_PATH}/sign-in`, window.location.origin)
    if (linkQuery.returnTo) back.searchParams.set('returnTo', linkQuery.returnTo)
    const { error } = await getGotrueClient().signInWithOAuth({ provider: 'github', options: { redirectTo: back.toString() } })
    if (error) {
      toast.error(authErrorMessage(error))
      setBusy(false)
    }
  }

  return (
    <div className={styles.thirdParty}>
      <button type="button" className={`btn ${styles.submit}`} onClick={() => void start()} disabled={busy}>
        {busy ? 'Opening GitHub…' : 'Continue with GitHub'}
      </button>
      <p className={styles.divider}>or</p>
    </div>
  )
}
