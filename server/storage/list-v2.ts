import type { ListObjectsV2Input } from '@/lib/api-types/storage'
import type { RequestSession } from '../projects/request-role'
import type { ObjectMetadata } from './objects'
import { jsonRows, likeLiteral } from './sql'

/**
 * storage-js `listV2`: the keys of a bucket starting with `prefix`, in name order, `limit` at a
 * time after `cursor` (the last key of the page before). Flat, every object's full name; with a
 * delimiter, one level: the objects right below the prefix, and each deeper folder once, as
 * `prefix` + its name + `/`. As the caller's role, so policies decide what it sees.
 */

type Entry = { entry: string; folder: boolean; id: string | null; updated_at: string | null; created_at: string | null; last_accessed_at: string | null; metadata: ObjectMetadata | null }

export async function listObjectsV2(session: RequestSession, bucket: string, input: ListObjectsV2Input) {
  const rows = await jsonRows<Entry>(
    session,
    `select distinct on (entry) entry, folder,
            case when folder then null else id end as id, case when folder then null else updated_at end as updated_at,
            case when folder then null else created_at end as created_at, case when folder then null else last_accessed_at end as last_accessed_at,
            case when folder then null else metadata end as metadata
       from (select (case when folder then $2::text || pg_catalog.split_part(rest, '/', 1) || '/' else name end) collate "C" as entry, o.*
               from (select $4::boolean and pg_catalog.strpos(pg_catalog.substr(name, pg_catalog.length($2::text) + 1), '/') > 0 as folder,
                            pg_catalog.substr(name, pg_catalog.length($2::text) + 1) as rest, *
                       from storage.objects where bucket_id = $1::text and name like $3::text || '%' escape '\\') o) entries
      where $5::text is null or entry > $5::text
      order by entry, folder desc
      limit $6::int`,
    [bucket, input.prefix, likeLiteral(input.prefix), input.with_delimiter, input.cursor ?? null, input.limit + 1]
  )
  const page = rows.slice(0, input.limit)
  const hasNext = rows.length > input.limit
  return {
    hasNext,
    ...(hasNext ? { nextCursor: page[page.length - 1].entry } : {}),
    folders: page.filter((r) => r.folder).map((r) => ({ name: r.entry, key: r.entry })),
    objects: page
      .filter((r) => !r.folder)
      .map(({ entry, folder: _folder, ...rest }) => ({ name: entry, key: entry, ...rest })),
  }
}
