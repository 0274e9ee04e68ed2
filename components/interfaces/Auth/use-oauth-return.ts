import { useRouter } from 'next/router'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { getGotrueClient } from '@/data/auth/gotrue-client'
import { authErrorMessage } from './auth-error-message'

/** Parameters the auth service adds when a third-party sign-in returns to the sign-in page. */
export const OAUTH_RETURN_PARAMS = ['code', 'error', 'error_code', 'error_description', 'sb_flow_id'] as const

export type OAuthReturn = { code: string | null; error: string | null }

/**
 * Reads a third-party sign-in's return: `?code=` (PKCE) on success, or `error` /
 * `error_description` in the query or the fragment (GoTrue puts them in either) on failure.
 */
export function readOAuthReturn(search: string, hash: string): OAuthReturn {
  const query = new URLSearchParams(search)
  const fragment = new URLSearchParams(hash.replace(/^#/, ''))
  const pick = (key: string) => query.get(key) || fragment.get(key) || null
  const error = pick('error_description') ?? pick('error')
  return { code: error ? null : query.get('code') || null, error }
}

/**
 * On the sign-in page: finishes a third-party sign-in (exchanges the code for a session, then
 * `onSignedIn`), or toasts why it failed (spec §8, e.g. an unverified code-hosting account).
 * The return parameters are removed from the address so they are neither reused nor carried
 * into returnTo.
 */
export function useOAuthReturn(onSignedIn: () => void): void {
  const router = useRouter()
  const handled = useRef(false)
  useEffect(() => {
    if (handled.current || typeof window === 'undefined') return
    const { code, error } = readOAuthReturn(window.location.search, window.location.hash)
    if (!code && !error) return
    handled.current = true
    const query = { ...router.query }
    for (const key of OAUTH_RETURN_PARAMS) delete query[key]
    // Dropped only once read: the exchange itself reads its flow id from the address.
    const dropParams = () => router.replace({ pathname: router.pathname, query }, undefined, { shallow: true })
    if (error) {
      void dropParams()
      toast.error(authErrorMessage({ message: error }))
      return
    }
    void getGotrueClient()
      .exchangeCodeForSession(code as string)
      .then(async ({ error: exchangeError }) => {
        await dropParams()
        if (exchangeError) toast.error(authErrorMessage(exchangeError))
        else onSignedIn()
      })
  })
}
