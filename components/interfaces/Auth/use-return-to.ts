import { useRouter } from 'next/router'
import { buildReturnTo } from '@/lib/return-to'
import { OAUTH_RETURN_PARAMS } from './use-oauth-return'

/**
 * spec §5 returnTo: where to go after signing in or up — the validated `returnTo` of the address
 * bar (base path stripped, hostile values replaced by /organizations) with the page's other query
 * parameters merged in (less those a third-party sign-in returns with). `linkQuery` keeps returnTo on links between the auth pages.
 */
export function useReturnTo(): { target: string; linkQuery: { returnTo?: string } } {
  const { query } = useRouter()
  const raw = query.returnTo
  // What a third-party sign-in added on its way back belongs to this page, not to the target.
  const carried = Object.fromEntries(Object.entries(query).filter(([key]) => !(OAUTH_RETURN_PARAMS as readonly string[]).includes(key)))
  return {
    target: buildReturnTo(raw, carried),
    linkQuery: typeof raw === 'string' && raw !== '' ? { returnTo: raw } : {},
  }
}
