import type { Db } from '../db/types'
import { byteStore } from '../storage/byte-store-in-use'

/**
 * The storage size of an organization (spec §9 "Storage size"): the bytes its active projects'
 * objects take in the byte store (storage/byte-store.ts), measured when asked, without opening
 * any project database.
 */
export async function organizationStorageSize(db: Db, organizationId: number): Promise<number> {
  const { rows } = await db.query<{ ref: string }>(
    `select ref from platform.projects where organization_id = $1 and status = 'ACTIVE_HEALTHY'`,
    [organizationId]
  )
  const sizes = await Promise.all(rows.map((r) => byteStore().bytesStored(r.ref).catch(() => 0)))
  return sizes.reduce((sum, n) => sum + n, 0)
}
