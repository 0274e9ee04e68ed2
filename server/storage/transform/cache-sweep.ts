import { byteStore } from '../byte-store-in-use'
import { asCaller, jsonRows, PLATFORM_CALLER } from '../sql'
import { cachedOrigins, cacheNamespace, dropCached, namedOutputs } from './cache'

/**
 * Keeps the transformation cache (cache.ts) to what the objects still are: outputs of origin
 * versions no row of `storage.objects` names any more (the object was replaced, removed, its
 * bucket emptied) are dropped, and output bytes no cache row names (a crash between writing them
 * and their row), older than the grace, removed. A request for a replaced object drops its older
 * outputs at once (keepCached); this catches the rest. Runs after the project's orphan sweep
 * (storage/sweep.ts) and now and then after a transformation.
 */

export const TRANSFORM_SWEEP_GRACE_MS = 10 * 60_000
export const TRANSFORM_SWEEP_INTERVAL_MS = 10 * 60_000

const g = globalThis as typeof globalThis & { __transformSweeps?: Map<string, number> }
const lastSweep = (g.__transformSweeps ??= new Map())

export async function sweepTransformCache(ref: string, graceMs = TRANSFORM_SWEEP_GRACE_MS): Promise<{ outputs: number; leftovers: number }> {
  let outputs = 0
  const origins = await cachedOrigins(ref)
  if (origins.length) {
    const named = await asCaller(ref, PLATFORM_CALLER, (s) =>
      jsonRows<{ version: string }>(s, 'select version from storage.objects where version = any(array(select pg_catalog.jsonb_array_elements_text($1::jsonb)))', [JSON.stringify(origins)])
    )
    const live = new Set(named.map((r) => r.version))
    const gone = origins.filter((v) => !live.has(v))
    if (gone.length) outputs = await dropCached(ref, 'origin_version = any($2::text[])', [gone])
  }
  const store = byteStore()
  const namespace = cacheNamespace(ref)
  const before = new Date(Date.now() - graceMs)
  await store.removeStaleTemporary(namespace, before)
  const candidates = await store.versionsOlderThan(namespace, before)
  const kept = candidates.length ? await namedOutputs(ref, candidates) : new Set<string>()
  const leftovers = candidates.filter((v) => !kept.has(v))
  await store.remove(namespace, leftovers)
  return { outputs, leftovers: leftovers.length }
}

/** Sweeps the project's cache at most every TRANSFORM_SWEEP_INTERVAL_MS in this process; never throws. */
export function sweepTransformsNowAndThen(ref: string): void {
  const last = lastSweep.get(ref) ?? 0
  if (Date.now() - last < TRANSFORM_SWEEP_INTERVAL_MS) return
  lastSweep.set(ref, Date.now())
  sweepTransformCache(ref).catch((error) => console.error(`[storage] sweeping the transformations of ${ref} failed: ${error instanceof Error ? error.message : String(error)}`))
}
