/**
 * An upsert (`Prefer: resolution=merge-duplicates`) answers 200 rather than 201 when it inserted
 * no row, as PostgREST: its ON CONFLICT DO UPDATE counts the rows it updates in a setting of the
 * transaction (COUNT_UPDATED, in the update's WHERE, so once per row), read afterwards.
 */
import type { RequestSession } from '../projects/request-role'

/** True, and counts one more updated row in `pgrst.updated` (local to the transaction). */
export const COUNT_UPDATED = `pg_catalog.set_config('pgrst.updated', (coalesce(nullif(pg_catalog.current_setting('pgrst.updated', true), '')::pg_catalog.int4, 0) + 1)::pg_catalog.text, true) is not null`

/** The rows the transaction's upserts updated so far. */
export async function upsertedRows(session: RequestSession): Promise<number> {
  const { rows } = await session.query(`select pg_catalog.current_setting('pgrst.updated', true) as updated`)
  return Number(rows[0]?.updated || 0)
}
