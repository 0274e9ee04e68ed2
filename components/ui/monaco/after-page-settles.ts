/**
 * Calls `run` once the page has loaded and its main thread has been free of long tasks (over
 * 50 ms) for `quietMs`, when the browser is idle: for work that blocks the main thread (Monaco's
 * evaluation, a few hundred ms) and must not delay the page becoming interactive, a quiet window
 * of 5 s being what "interactive" means (Time to Interactive). A page that never goes quiet gets
 * it `maxWaitMs` after its load all the same. Returns a cancel function.
 */
export function afterPageSettles(run: () => void, quietMs: number, maxWaitMs = quietMs * 3): () => void {
  let cancelled = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined
  let lastBusy = performance.now()
  let loadedAt = Infinity
  let observer: PerformanceObserver | undefined
  try {
    observer = new PerformanceObserver((list) => {
      for (const task of list.getEntries()) lastBusy = Math.max(lastBusy, task.startTime + task.duration)
    })
    observer.observe({ type: 'longtask', buffered: true })
  } catch {
    // No long-task timing in this browser: the quiet window counts from the load.
  }
  const check = () => {
    if (cancelled) return
    const now = performance.now()
    const wait = Math.min(lastBusy + quietMs, loadedAt + maxWaitMs) - now
    if (wait > 0) {
      timer = setTimeout(check, wait)
      return
    }
    observer?.disconnect()
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(() => !cancelled && run(), { timeout: 1_000 })
    else run()
  }
  const afterLoad = () => {
    loadedAt = performance.now()
    lastBusy = Math.max(lastBusy, loadedAt)
    check()
  }
  if (document.readyState === 'complete') afterLoad()
  else window.addEventListener('load', afterLoad, { once: true })
  return () => {
    cancelled = true
    observer?.disconnect()
    window.removeEventListener('load', afterLoad)
    clearTimeout(timer)
    if (idle !== undefined) window.cancelIdleCallback?.(idle)
  }
}
