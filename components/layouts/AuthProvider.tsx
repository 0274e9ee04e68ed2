import type { Session } from '@supabase/auth-js'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { setAccessTokenProvider } from '@/data/fetchers'
import { getAccessToken, getGotrueClient } from '@/data/auth/gotrue-client'
import { isPlatform } from '@/lib/config'

import { AuthContext, type AuthState } from '@/hooks/use-auth'

export { useAuth } from '@/hooks/use-auth'

/** Keeps the auth session in React and hands its access token to the HTTP client. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const platform = isPlatform()
  const [session, setSession] = useState<Session | null>(null)
  const [isLoading, setIsLoading] = useState(platform)

  useEffect(() => {
    setAccessTokenProvider(getAccessToken)
    if (!platform) return
    const client = getGotrueClient()
    let active = true
    void client.getSession().then(({ data }) => {
      if (!active) return
      setSession(data.session)
      setIsLoading(false)
    })
    const { data } = client.onAuthStateChange((_event, next) => {
      setSession(next)
      setIsLoading(false)
    })
    return () => {
      active = false
      data.subscription.unsubscribe()
    }
  }, [platform])

  const value = useMemo<AuthState>(
    () => ({ session, isLoading, isLoggedIn: !platform || session !== null }),
    [session, isLoading, platform]
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
