import { useRouter } from 'next/router'
import { buildReturnTo } from '@/lib/return-to'

/**
 * spec §5 returnTo: where to go after signing in or up — the validated `returnTo` of the address
 * bar (base path stripped, hostile values replaced by /organizations) with the page's other query
 * parameters merged in. `linkQuery` keeps returnTo on links between the auth pages.
 */
export function useReturnTo(): { target: string; linkQuery: { returnTo?: string } } {
  const { query } = useRouter()
  const raw = query.returnTo
  return {
    target: buildReturnTo(raw, query),
    linkQuery: typeof raw === 'string' && raw !== '' ? { returnTo: raw } : {},
  }
}
