import { getStore } from './store'
import type { Db } from './types'

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

/** What waits to be written, by the store it goes to (the store of the request; tests open several). */
export type StoreBatches<P> = BatchTimer & { pending: Map<Promise<Db>, P> }

/** The current store's pending batch, made with `make` when there is none. */
export function pendingFor<P>(state: StoreBatches<P>, make: () => P): P {
  const store = getStore()
  store.catch(() => {}) // reported when the batch is written
  let pending = state.pending.get(store)
  if (!pending) state.pending.set(store, (pending = make()))
  return pending
}

/**
 * Writes every store's batch with `write` after the flushes under way (`reset` runs once they
 * are taken); a failed write is reported on the console as `what` and its batch dropped. Never throws.
 */
export function flushStoreBatches<P>(state: StoreBatches<P>, what: string, write: (db: Db, pending: P) => Promise<void>, reset?: () => void): Promise<void> {
  return flushBatches(state, async () => {
    const batches = [...state.pending]
    state.pending = new Map()
    reset?.()
    for (const [store, pending] of batches) {
      try {
        await write(await store, pending)
      } catch (error) {
        console.error(`[platform-api] could not write ${what}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
  })
}
