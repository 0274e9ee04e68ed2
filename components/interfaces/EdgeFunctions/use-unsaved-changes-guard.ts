import { useRouter } from 'next/router'
import { useEffect } from 'react'

export const UNSAVED_CHANGES_MESSAGE = 'You have changes that are not deployed. Leave and lose them?'

/** While `dirty`, leaving the page (another route, a reload, closing the tab) asks first. */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const router = useRouter()
  useEffect(() => {
    if (!dirty) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
    }
    const onRouteChange = (url: string) => {
      if (url === router.asPath || window.confirm(UNSAVED_CHANGES_MESSAGE)) return
      router.events.emit('routeChangeError')
      // Next's documented way to stop a client-side navigation: throw from the event handler.
      throw new Error('Navigation kept on the page with changes that are not deployed')
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    router.events.on('routeChangeStart', onRouteChange)
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload)
      router.events.off('routeChangeStart', onRouteChange)
    }
  }, [dirty, router])
}
