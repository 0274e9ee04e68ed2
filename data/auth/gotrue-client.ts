import { GoTrueClient } from '@supabase/auth-js'
import { getConfig } from '@/lib/config'

/** Where the browser keeps the session (local storage). */
export const AUTH_STORAGE_KEY = 'dashboard-auth-token'

let client: GoTrueClient | null = null

/** The browser's one auth client, speaking GoTrue at `GOTRUE_URL` (embedded or a real server). */
export function getGotrueClient(): GoTrueClient {
  if (client) return client
  const base = getConfig().gotrueUrl
  const url = typeof window !== 'undefined' ? new URL(base, window.location.origin).toString().replace(/\/$/, '') : base
  client = new GoTrueClient({
    url,
    storageKey: AUTH_STORAGE_KEY,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: false,
    // A third-party sign-in comes back with ?code=, exchanged on the sign-in page (use-oauth-return).
    flowType: 'pkce',
  })
  return client
}

/** The current access token, refreshed by the client when it is about to expire. */
export async function getAccessToken(): Promise<string | undefined> {
  if (!getConfig().isPlatform) return undefined
  const { data } = await getGotrueClient().getSession()
  return data.session?.access_token
}
