import type { PGlite } from '@electric-sql/pglite'

/** Runs a script as the platform does: in one round trip, a failed transaction rolled back after it. */
export async function runScript(db: PGlite, sql: string): Promise<void> {
  try {
    await db.exec(sql)
  } finally {
    if (await db.isInTransaction()) await db.exec('rollback')
  }
}
