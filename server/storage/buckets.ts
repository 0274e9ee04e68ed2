import type { CreateBucketInput, ListBucketsQuery, StorageBucket, UpdateBucketInput } from '@/lib/api-types/storage'
import type { RequestSession } from '../projects/request-role'
import { bucketNotFound } from './errors'
import { isoTime, jsonRows, likeLiteral } from './sql'

/**
 * `storage.buckets` as the caller's role sees and changes it (row level security decides: with
 * no policy, only the service key). The SQL of the bucket routes (routes-buckets.ts).
 */

const COLUMNS = `id, name, coalesce(owner_id, owner::text, '') as owner, public, file_size_limit, allowed_mime_types, ${isoTime('created_at')}, ${isoTime('updated_at')}`

/** A JSON list of text for `$n::jsonb`, or null. */
const jsonList = (list: readonly string[] | null | undefined) => (list === null || list === undefined ? null : JSON.stringify(list))
const MIME_ARRAY = (n: number) => `case when $${n}::jsonb is null then null else array(select pg_catalog.jsonb_array_elements_text($${n}::jsonb)) end`

export function listBuckets(session: RequestSession, query: ListBucketsQuery): Promise<StorageBucket[]> {
  const column = query.sortColumn ?? 'name'
  const order = query.sortOrder === 'desc' ? 'desc' : 'asc'
  return jsonRows(
    session,
    `select ${COLUMNS} from storage.buckets where $1::text = '' or name ilike '%' || $1::text || '%' escape '\\'
      order by ${column} ${order}, id limit $2::int offset $3::int`,
    [likeLiteral(query.search ?? ''), query.limit ?? 1000, query.offset ?? 0]
  )
}

export async function getBucket(session: RequestSession, id: string): Promise<StorageBucket> {
  const [bucket] = await jsonRows<StorageBucket>(session, `select ${COLUMNS} from storage.buckets where id = $1::text`, [id])
  if (!bucket) throw bucketNotFound()
  return bucket
}

export async function createBucket(session: RequestSession, input: CreateBucketInput): Promise<{ name: string }> {
  const id = input.id ?? input.name
  await jsonRows(
    session,
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1::text, $2::text, auth.uid(), auth.uid()::text, $3::boolean, $4::bigint, ${MIME_ARRAY(5)}) returning id`,
    [id, input.name, input.public, input.file_size_limit ?? null, jsonList(input.allowed_mime_types)]
  )
  return { name: id }
}

export async function updateBucket(session: RequestSession, id: string, input: UpdateBucketInput): Promise<{ message: string }> {
  const sets = ['updated_at = now()']
  const params: unknown[] = [id]
  if (input.public !== undefined) sets.push(`public = $${params.push(input.public)}::boolean`)
  if (input.file_size_limit !== undefined) sets.push(`file_size_limit = $${params.push(input.file_size_limit)}::bigint`)
  if (input.allowed_mime_types !== undefined) sets.push(`allowed_mime_types = ${MIME_ARRAY(params.push(jsonList(input.allowed_mime_types)))}`)
  const rows = await jsonRows(session, `update storage.buckets set ${sets.join(', ')} where id = $1::text returning id`, params)
  if (rows.length === 0) throw bucketNotFound()
  return { message: 'Successfully updated' }
}

/** Deletes the bucket's objects the caller may delete; answers their versions, to remove once committed. */
export async function emptyBucket(session: RequestSession, id: string): Promise<string[]> {
  await getBucket(session, id)
  const rows = await jsonRows<{ version: string | null }>(session, 'delete from storage.objects where bucket_id = $1::text returning version', [id])
  return rows.flatMap((r) => (r.version ? [r.version] : []))
}

export async function deleteBucket(session: RequestSession, id: string): Promise<{ message: string }> {
  const rows = await jsonRows(session, 'delete from storage.buckets where id = $1::text returning id', [id])
  if (rows.length === 0) throw bucketNotFound()
  return { message: 'Successfully deleted' }
}
