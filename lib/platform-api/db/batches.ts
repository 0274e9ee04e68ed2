/**
 * The timer and the chain of flushes of a buffer written in batches off the request path (the
 * log recorder, the project metering): one flush at a time, the next after the one under way.
 */
export type BatchTimer = { timer: ReturnType<typeof setTimeout> | null; flushing: Promise<void> }

/** Runs `drain` after the flushes under way, cancelling the waiting timer; `drain` must not throw. */
export function flushBatches(state: BatchTimer, drain: () => Promise<void>): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer)
    state.timer = null
  }
  state.flushing = state.flushing.then(drain)
  return state.flushing
}

/** Calls `flush` `intervalMs` after the first waiting item (once armed, later items wait with it). */
export function armBatchTimer(state: BatchTimer, intervalMs: number, flush: () => unknown): void {
  if (state.timer) return
  state.timer = setTimeout(() => void flush(), intervalMs)
  state.timer.unref?.() // a waiting batch never keeps a process (a test run, a CLI) alive
}
