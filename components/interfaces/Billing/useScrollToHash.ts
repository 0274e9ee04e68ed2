import { useEffect, useRef } from 'react'

/**
 * Scrolls to the element named by the URL's hash once `ready` is true (spec §2: the billing
 * page is opened at #address or #invoices). The browser's own jump happens before the
 * sections have loaded and shifted the page, so it is done again once they have.
 */
export function useScrollToHash(ready: boolean) {
  const done = useRef(false)
  useEffect(() => {
    if (!ready || done.current || typeof window === 'undefined') return
    done.current = true
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (!id) return
    const target = document.getElementById(id)
    if (!target) return
    // jsdom has no layout and no scrollIntoView.
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'start' })
  }, [ready])
}
