import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { lastVisitedStore, selectLastVisitedTable } from '@/state/last-visited'

/**
 * spec §3–§4: `/project/{ref}/editor` reopens the table visited last in the project. Decided
 * after mount (the history lives in localStorage); true until it is decided or while the
 * redirect is under way. A `schema` in the URL asks for that schema's list instead (e.g. after a
 * table was dropped), so nothing is reopened then.
 */
export function useReopenLastTable(projectRef: string | undefined, enabled: boolean): boolean {
  const router = useRouter()
  const [redirecting, setRedirecting] = useState(enabled)
  const listRequested = typeof router.query.schema === 'string'

  useEffect(() => {
    if (!enabled || !projectRef || listRequested) {
      setRedirecting(false)
      return
    }
    if (!router.isReady) return
    const last = selectLastVisitedTable(lastVisitedStore.getState(), projectRef)
    if (last) void router.replace(`/project/${projectRef}/editor/${encodeURIComponent(last)}`)
    else setRedirecting(false)
    // Runs once the route is known; re-running on the router's identity would redirect twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, projectRef, listRequested, router.isReady])

  return redirecting
}
