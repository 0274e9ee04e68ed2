import { getServerConfig } from '@/lib/config'

/** The bounds of the open project databases (database-cache.ts). */
export type DatabaseLimits = { maxOpenPglite: number; maxOpenPostgres: number; idleCloseMs: number; openWaitMs: number; evictGraceMs: number }

export const MAX_OPEN_POSTGRES = 32
/** How long an open waits for room under the PGlite cap while every open database is busy. */
export const OPEN_WAIT_MS = 5_000
/**
 * A PGlite database released less than this long ago is not closed to make room: under load on
 * more projects than the cap, closing one between two of its requests made every database close
 * and reopen in turn (bench/memory.mjs: 6–9 req/s on 20 projects). Past openWaitMs the cap is
 * passed instead, and the databases over it close once they have been idle this long.
 */
export const EVICT_GRACE_MS = 2_000

/** The limits the server's settings give (PROJECT_DB_IDLE_SECONDS, PGLITE_MAX_OPEN). */
export function configuredLimits(): DatabaseLimits {
  const { idleCloseMs, maxOpenPglite } = getServerConfig().projectDatabases
  return { maxOpenPglite, maxOpenPostgres: MAX_OPEN_POSTGRES, idleCloseMs, openWaitMs: OPEN_WAIT_MS, evictGraceMs: EVICT_GRACE_MS }
}
