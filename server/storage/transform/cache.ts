import { getStore } from '../../db/store'
import type { SqlParam } from '../../db/types'
import type { ReadVersion } from '../byte-store'
import { byteStore } from '../byte-store-in-use'

/**
 * The cache of transformed images (migration 019), shared by every instance: a row of
 * `platform.storage_transform_cache` per (project, origin version, options) names the byte-store
 * version holding the output. Outputs live in the byte store in the namespace `<ref>--render`
 * (generated refs are letters only and no ref holds `--`), so the project's own orphan sweep and
 * storage size never see them. The row is written after the bytes (a crash leaves bytes no row
 * names, which cache-sweep.ts removes) and removed before them (a reader finding a row without
 * bytes drops it and renders again).
 */

export const cacheNamespace = (ref: string) => `${ref}--render`

export type CachedOutput = { version: string; content_type: string; size: number }
export type Origin = { bucket: string; name: string; version: string }

/** The cached output of `key` for an origin version, opened; null on a miss. */
export async function readCached(ref: string, originVersion: string, key: string): Promise<(CachedOutput & { bytes: ReadVersion }) | null> {
  const db = await getStore()
  const { rows } = await db.query<CachedOutput>(
    'select version, content_type, size from platform.storage_transform_cache where project_ref = $1 and origin_version = $2 and options = $3',
    [ref, originVersion, key]
  )
  const row = rows[0]
  if (!row) return null
  const bytes = await byteStore().read(cacheNamespace(ref), row.version)
  if (bytes) return { ...row, size: Number(row.size), bytes }
  await db.query('delete from platform.storage_transform_cache where project_ref = $1 and version = $2', [ref, row.version])
  return null
}

async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes
}

/**
 * Keeps `output` as the result of `key` on `origin`. When another instance kept the same one first,
 * its copy stays and this one goes. Outputs of older versions of the same object go too.
 */
export async function keepCached(ref: string, origin: Origin, key: string, output: Buffer, contentType: string): Promise<void> {
  const store = byteStore()
  const namespace = cacheNamespace(ref)
  const written = await store.write(namespace, once(output), Number.MAX_SAFE_INTEGER)
  const db = await getStore()
  const { rows } = await db.query<{ version: string }>(
    `insert into platform.storage_transform_cache (project_ref, origin_version, options, bucket_id, name, version, content_type, size)
     values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning version`,
    [ref, origin.version, key, origin.bucket, origin.name, written.version, contentType, written.size]
  )
  if (rows.length === 0) await store.remove(namespace, [written.version])
  await dropCached(ref, 'bucket_id = $2 and name = $3 and origin_version <> $4', [origin.bucket, origin.name, origin.version])
}

/** Removes the cached outputs of `ref` the condition picks (rows first, then their bytes). */
export async function dropCached(ref: string, where: string, params: SqlParam[] = []): Promise<number> {
  const db = await getStore()
  const { rows } = await db.query<{ version: string }>(
    `delete from platform.storage_transform_cache where project_ref = $1 and (${where}) returning version`,
    [ref, ...params]
  )
  if (rows.length) await byteStore().remove(cacheNamespace(ref), rows.map((r) => r.version))
  return rows.length
}

/** The origin versions the cache holds outputs of (what cache-sweep.ts checks against the objects). */
export async function cachedOrigins(ref: string): Promise<string[]> {
  const db = await getStore()
  const { rows } = await db.query<{ origin_version: string }>('select distinct origin_version from platform.storage_transform_cache where project_ref = $1', [ref])
  return rows.map((r) => r.origin_version)
}

/** Whether the cache names these output versions (the rest, old enough, are a crash's leftovers). */
export async function namedOutputs(ref: string, versions: string[]): Promise<Set<string>> {
  const db = await getStore()
  const { rows } = await db.query<{ version: string }>('select version from platform.storage_transform_cache where project_ref = $1 and version = any($2::text[])', [ref, versions])
  return new Set(rows.map((r) => r.version))
}

/** Removes every cached output of a project (its removal). */
export async function dropProjectCache(ref: string): Promise<void> {
  await dropCached(ref, 'true')
  const store = byteStore()
  const namespace = cacheNamespace(ref)
  const future = new Date(Date.now() + 60_000)
  await store.removeStaleTemporary(namespace, future)
  await store.remove(namespace, await store.versionsOlderThan(namespace, future))
}
