import type { Db } from './types'

/**
 * Rows of the platform store an instance keeps for a moment, to spare a busy path (every request
 * of the project API) a round trip to the store: read again once `ttlMs` has passed, forgotten at
 * once by the instance that changes them (`forget`), so other instances follow within `ttlMs`.
 * Kept per store (tests open several) and on globalThis by name: Next may load a module once for
 * the platform routes and once for the project API's direct route (http/direct-routes.ts), and
 * the one that forgets must be the one requests read.
 */
export type StoreCache<V> = {
  /** The kept value of `key`, else `read()`'s, kept unless null. */
  get<R extends V | null>(db: Db, key: string, read: () => Promise<R>): Promise<V | R>
  forget(db: Db, key: string): void
}

type Kept<V> = {
  entries: Map<string, { value: V; until: number }>
  /** Reads under way, so that the requests of a moment share one (they all miss at once when a value expires). */
  reading: Map<string, Promise<unknown>>
  /** Moves on each `forget`: a read begun before it is not kept. */
  forgets: number
}

export function storeCache<V>(name: string, ttlMs: number, max: number): StoreCache<V> {
  const holder = globalThis as Record<symbol, unknown>
  const symbol = Symbol.for(`dashboard.storeCache.${name}`)
  const byStore = (holder[symbol] ??= new WeakMap()) as WeakMap<Db, Kept<V>>
  const keptFor = (db: Db) => {
    let kept = byStore.get(db)
    if (!kept) byStore.set(db, (kept = { entries: new Map(), reading: new Map(), forgets: 0 }))
    return kept
  }
  return {
    get<R extends V | null>(db: Db, key: string, read: () => Promise<R>): Promise<V | R> {
      const kept = keptFor(db)
      const hit = kept.entries.get(key)
      const now = Date.now()
      if (hit && hit.until > now) {
        // Past half its time, one request reads it again for the others, which meanwhile keep the
        // value (never older than ttlMs): nobody waits when it expires.
        if (hit.until - now < ttlMs / 2 && !kept.reading.has(key)) void readFor(kept, key, read).catch(() => {})
        return Promise.resolve(hit.value)
      }
      const under = kept.reading.get(key) as Promise<V | R> | undefined
      if (under) return under
      return readFor(kept, key, read)
    },
    forget(db, key) {
      const kept = keptFor(db)
      kept.entries.delete(key)
      kept.reading.delete(key)
      kept.forgets++
    },
  }

  function readFor<R extends V | null>(kept: Kept<V>, key: string, read: () => Promise<R>): Promise<V | R> {
    const forgets = kept.forgets
    const reading = read().then(
      (value) => {
        if (kept.reading.get(key) === reading) kept.reading.delete(key)
        if (value === null || kept.forgets !== forgets) return value
        if (kept.entries.size >= max) kept.entries.clear()
        kept.entries.set(key, { value: value as V, until: Date.now() + ttlMs })
        return value
      },
      (error: unknown) => {
        if (kept.reading.get(key) === reading) kept.reading.delete(key)
        throw error
      }
    )
    kept.reading.set(key, reading)
    return reading
  }
}
