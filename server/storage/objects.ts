import { randomUUID } from 'node:crypto'
import type { ListObjectsInput, StorageListEntry } from '@/lib/api-types/storage'
import type { RequestSession } from '../projects/request-role'
import { objectNotFound } from './errors'
import { isoTime, jsonRows, likeLiteral } from './sql'

/**
 * `storage.objects` as the caller's role sees and changes it: every statement runs in the
 * request's transaction as its role, so the project's policies on `storage.objects` decide who
 * reads, writes, moves and deletes what. The bytes are the byte store's (byte-store.ts): these
 * statements only name versions.
 */

/** What a row says of its bytes (Supabase's `metadata`). */
export type ObjectMetadata = {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

const COLUMNS = 'id, bucket_id, name, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at'

export async function readObject(session: RequestSession, bucket: string, name: string): Promise<ObjectRow> {
  const [row] = await jsonRows<ObjectRow>(session, `select ${COLUMNS} from storage.objects where bucket_id = $1::text and name = $2::text`, [bucket, name])
  if (!row) throw objectNotFound()
  return row
}

export type NewObject = { bucket: string; name: string; version: string; metadata: ObjectMetadata; userMetadata: Record<string, unknown> | null }

/**
 * Inserts the row of an upload (or, with `upsert`, replaces the one of that name): owned by the
 * caller (`auth.uid()`). Answers the row's id and the version it replaced, to remove once committed.
 *
 * A new upload is a plain INSERT with no RETURNING, so an INSERT policy alone lets it through, as
 * Supabase Storage does: RETURNING would make Postgres check the SELECT policies on the new row
 * too (issue 26). The id is chosen here, so nothing needs reading back. An upsert may replace a
 * row, which needs SELECT and UPDATE as well (the anchor documents the same three), and reads back
 * the version it replaced.
 */
export async function writeObject(session: RequestSession, object: NewObject, upsert: boolean): Promise<{ row: Pick<ObjectRow, 'id'>; replaced: string | null }> {
  const params = [object.bucket, object.name, object.version, JSON.stringify(object.metadata), object.userMetadata ? JSON.stringify(object.userMetadata) : null]
  if (!upsert) {
    const id = randomUUID()
    await session.query(
      `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
       values ($6::uuid, $1::text, $2::text, auth.uid(), auth.uid()::text, $3::text, $4::jsonb, $5::jsonb)`,
      [...params, id]
    )
    return { row: { id }, replaced: null }
  }
  const [row] = await jsonRows<{ id: string; replaced: string | null }>(
    session,
    // The subquery reads the statement's snapshot: the version the row named before, if any.
    `insert into storage.objects as o (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1::text, $2::text, auth.uid(), auth.uid()::text, $3::text, $4::jsonb, $5::jsonb)
     on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()
     returning o.id, (select p.version from storage.objects p where p.bucket_id = $1::text and p.name = $2::text) as replaced`,
    params
  )
  return { row: { id: row.id }, replaced: row.replaced && row.replaced !== object.version ? row.replaced : null }
}

/** Replaces the bytes of an existing object (PUT): 404 when the caller sees no such object. */
export async function replaceObject(session: RequestSession, object: NewObject): Promise<{ row: ObjectRow; replaced: string | null }> {
  const [row] = await jsonRows<ObjectRow & { replaced: string | null }>(
    session,
    `update storage.objects o set version = $3::text, metadata = $4::jsonb, user_metadata = coalesce($5::jsonb, o.user_metadata),
            updated_at = now(), last_accessed_at = now()
       from (select id, version from storage.objects where bucket_id = $1::text and name = $2::text) old
      where o.id = old.id
      returning ${COLUMNS.split(', ').map((c) => `o.${c}`).join(', ')}, old.version as replaced`,
    [object.bucket, object.name, object.version, JSON.stringify(object.metadata), object.userMetadata ? JSON.stringify(object.userMetadata) : null]
  )
  if (!row) throw objectNotFound()
  return { row, replaced: row.replaced }
}

/** One level of a bucket below `prefix`: its objects, and its folders (names with a further `/`) once each. */
export function listObjects(session: RequestSession, bucket: string, input: ListObjectsInput): Promise<StorageListEntry[]> {
  const prefix = input.prefix === '' || input.prefix.endsWith('/') ? input.prefix : `${input.prefix}/`
  const { column, order } = input.sortBy
  return jsonRows<StorageListEntry>(
    session,
    `select name, id, ${isoTime('updated_at')}, ${isoTime('created_at')}, ${isoTime('last_accessed_at')}, metadata from (
       select distinct on (entry) entry as name,
              case when folder then null else id end as id,
              case when folder then null else updated_at end as updated_at,
              case when folder then null else created_at end as created_at,
              case when folder then null else last_accessed_at end as last_accessed_at,
              case when folder then null else metadata end as metadata
         from (select pg_catalog.split_part(rest, '/', 1) as entry, pg_catalog.strpos(rest, '/') > 0 as folder, o.*
                 from (select pg_catalog.substr(name, pg_catalog.length($2::text) + 1) as rest, * from storage.objects
                        where bucket_id = $1::text and name like $3::text || '%' escape '\\') o) parts
        where entry <> '' and entry ilike $4::text || '%' escape '\\'
        order by entry, folder desc) entries
     order by ${column} ${order} nulls first, name ${order} limit $5::int offset $6::int`,
    [bucket, prefix, likeLiteral(prefix), likeLiteral(input.search), input.limit, input.offset]
  )
}

/** Moves (renames, or to another bucket) an object; its bytes stay the same version. */
export async function moveObject(session: RequestSession, from: { bucket: string; name: string }, to: { bucket: string; name: string }): Promise<void> {
  const rows = await jsonRows(
    session,
    `update storage.objects set bucket_id = $3::text, name = $4::text, updated_at = now()
      where bucket_id = $1::text and name = $2::text returning id`,
    [from.bucket, from.name, to.bucket, to.name]
  )
  if (rows.length === 0) throw objectNotFound()
}

/** Deletes the named objects of a bucket the caller may delete; answers their rows (their versions to remove once committed). */
export function deleteObjects(session: RequestSession, bucket: string, names: readonly string[]): Promise<ObjectRow[]> {
  return jsonRows<ObjectRow>(
    session,
    `delete from storage.objects where bucket_id = $1::text and name = any(array(select pg_catalog.jsonb_array_elements_text($2::jsonb))) returning ${COLUMNS}`,
    [bucket, JSON.stringify(names)]
  )
}

/** A bucket's settings as the platform reads them (any caller may upload to a bucket its policies allow, whether or not it may list buckets). */
export type BucketLimits = { id: string; public: boolean; file_size_limit: number | null; allowed_mime_types: string[] | null }

export async function bucketLimits(session: RequestSession, id: string): Promise<BucketLimits | null> {
  const [bucket] = await jsonRows<BucketLimits>(session, 'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1::text', [id])
  return bucket ?? null
}
