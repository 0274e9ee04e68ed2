import { byteStore } from './byte-store-in-use'
import { RESUMABLE_EXPIRY_MS, resumableStore } from './resumable/datastore'
import { jsonRows, asCaller, PLATFORM_CALLER } from './sql'
import { sweepTransformCache } from './transform/cache-sweep'

/**
 * Removes what interrupted uploads left in a project's byte store (byte-store.ts): versions no
 * row of `storage.objects` names (a crash after the bytes were written and before the row
 * committed, or after a row was deleted and before its bytes were), and temporary files of
 * uploads that never finished, and resumable uploads untouched for `resumableGraceMs` (expired:
 * their client is gone, or it was the instance that died mid-upload). Only what is older than `graceMs` is touched, so an upload whose
 * row is about to commit keeps its version. Runs at most once per SWEEP_INTERVAL_MS per project
 * and process, after a storage request, off its path.
 */

export const SWEEP_GRACE_MS = 60 * 60_000
export const SWEEP_INTERVAL_MS = 60 * 60_000

const g = globalThis as typeof globalThis & { __storageSweeps?: Map<string, number> }
const lastSweep = (g.__storageSweeps ??= new Map())

export async function sweepOrphans(ref: string, graceMs = SWEEP_GRACE_MS, resumableGraceMs = RESUMABLE_EXPIRY_MS): Promise<{ versions: number; temporary: number; resumable: number }> {
  const store = byteStore()
  const before = new Date(Date.now() - graceMs)
  const resumable = await resumableStore().sweep(ref, new Date(Date.now() - resumableGraceMs))
  const temporary = await store.removeStaleTemporary(ref, before)
  const candidates = await store.versionsOlderThan(ref, before)
  if (candidates.length === 0) return { versions: 0, temporary, resumable }
  const named = await asCaller(ref, PLATFORM_CALLER, (s) =>
    jsonRows<{ version: string }>(s, 'select version from storage.objects where version = any(array(select pg_catalog.jsonb_array_elements_text($1::jsonb)))', [JSON.stringify(candidates)])
  )
  const keep = new Set(named.map((r) => r.version))
  const orphans = candidates.filter((v) => !keep.has(v))
  await store.remove(ref, orphans)
  return { versions: orphans.length, temporary, resumable }
}

/** Sweeps the project now and then (see above); never throws. */
export function sweepNowAndThen(ref: string): void {
  const last = lastSweep.get(ref) ?? 0
  if (Date.now() - last < SWEEP_INTERVAL_MS) return
  lastSweep.set(ref, Date.now())
  sweepOrphans(ref).then(() => sweepTransformCache(ref)).catch((error) => console.error(`[storage] sweeping ${ref} failed: ${error instanceof Error ? error.message : String(error)}`))
}

/** Removes every file of a deleted project from the byte store (its versions, temporary files and unfinished resumable uploads). */
export async function removeProjectFiles(ref: string): Promise<void> {
  lastSweep.delete(ref)
  await byteStore().removeProject(ref)
}
