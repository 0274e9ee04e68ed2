import type { Session } from '@supabase/auth-js'
import { createContext, useContext } from 'react'

export type AuthState = {
  session: Session | null
  /** True until the stored session has been read. */
  isLoading: boolean
  /** Self-hosted builds have no sign-in: everyone is signed in. */
  isLoggedIn: boolean
}

/** Provided by `components/layouts/AuthProvider`, which keeps it in step with the auth client. */
export const AuthContext = createContext<AuthState>({ session: null, isLoading: true, isLoggedIn: false })

/** The auth session, loading flag and whether someone is signed in. */
export function useAuth(): AuthState {
  return useContext(AuthContext)
}
