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

type Entries<V> = WeakMap<Db, Map<string, { value: V; until: number }>>

export function storeCache<V>(name: string, ttlMs: number, max: number): StoreCache<V> {
  const holder = globalThis as Record<symbol, unknown>
  const symbol = Symbol.for(`dashboard.storeCache.${name}`)
  const entries = (holder[symbol] ??= new WeakMap()) as Entries<V>
  return {
    async get(db, key, read) {
      let byKey = entries.get(db)
      const hit = byKey?.get(key)
      if (hit && hit.until > Date.now()) return hit.value
      const value = await read()
      if (value === null) return value
      if (!byKey) entries.set(db, (byKey = new Map()))
      if (byKey.size >= max) byKey.clear()
      byKey.set(key, { value, until: Date.now() + ttlMs })
      return value
    },
    forget(db, key) {
      entries.get(db)?.delete(key)
    },
  }
}
