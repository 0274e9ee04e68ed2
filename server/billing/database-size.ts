import fs from 'node:fs/promises'
import path from 'node:path'
import type { Db } from '../db/types'
import { projectTarget } from '../projects/targets'

/**
 * The size of each project's database, measured from the database itself and kept in
 * `platform.project_database_sizes` (migration 013) with the time it was measured, so every
 * instance reads the last figure and at most one measurement per DATABASE_SIZE_TTL_MS is made.
 * Measuring never opens a database: on a server `pg_database_size` runs on the platform's own
 * connection; on PGlite it is the size of the database's directory in the cluster
 * (`base/5`: the `postgres` database, whose oid initdb fixes since Postgres 15), which is exactly
 * what `pg_database_size` answers there, so no PGlite is opened (at most PGLITE_MAX_OPEN may be).
 */
export const DATABASE_SIZE_TTL_MS = 60_000

/** The `postgres` database of a cluster: initdb gives it this oid (Postgres 15 and later). */
const PGLITE_DATABASE_OID = '5'

async function directoryBytes(dir: string): Promise<number> {
  let total = 0
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += await directoryBytes(full)
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => null))?.size ?? 0 // a file may go while we count
  }
  return total
}

type SizedProject = { id: number; ref: string }

/** Measures the databases of `projects` now: bytes by project id (a database that cannot be measured is left out). */
export async function measureDatabaseSizes(db: Db, projects: SizedProject[]): Promise<Map<number, number>> {
  const sizes = new Map<number, number>()
  const onServer: { id: number; name: string }[] = []
  await Promise.all(
    projects.map(async ({ id, ref }) => {
      const target = projectTarget(ref)
      if (target.kind === 'postgres') onServer.push({ id, name: target.databaseName })
      else {
        const bytes = await directoryBytes(path.join(target.dir, 'base', PGLITE_DATABASE_OID)).catch(() => null)
        if (bytes !== null) sizes.set(id, bytes)
      }
    })
  )
  if (onServer.length > 0) {
    // A database whose owner revoked CONNECT from the platform's role is not measured, not an error.
    const { rows } = await db.query<{ datname: string; bytes: string | number | null }>(
      `select datname, case when has_database_privilege(oid, 'CONNECT') or pg_has_role('pg_read_all_stats', 'member')
                            then pg_database_size(oid) end as bytes
         from pg_database where datname = any($1::text[])`,
      [onServer.map((s) => s.name)]
    )
    const byName = new Map(rows.filter((r) => r.bytes !== null).map((r) => [r.datname, Number(r.bytes)]))
    for (const { id, name } of onServer) if (byName.has(name)) sizes.set(id, byName.get(name)!)
  }
  return sizes
}

/**
 * The database size of an organization in bytes: the sum over its active projects of each
 * database's last measured size, measuring again those older than DATABASE_SIZE_TTL_MS.
 */
export async function organizationDatabaseSize(db: Db, organizationId: number): Promise<number> {
  const { rows } = await db.query<{ id: number; ref: string; bytes: string | number | null; stale: boolean }>(
    `select p.id, p.ref, s.bytes, (s.measured_at is null or s.measured_at < now() - make_interval(secs => $2::double precision)) as stale
       from platform.projects p left join platform.project_database_sizes s on s.project_id = p.id
      where p.organization_id = $1 and p.status = 'ACTIVE_HEALTHY'`,
    [organizationId, DATABASE_SIZE_TTL_MS / 1000]
  )
  const stale = rows.filter((r) => r.stale).map((r) => ({ id: Number(r.id), ref: r.ref }))
  const measured = stale.length > 0 ? await measureDatabaseSizes(db, stale) : new Map<number, number>()
  if (measured.size > 0) {
    await db.query(
      `insert into platform.project_database_sizes (project_id, bytes, measured_at)
       select r.project_id, r.bytes, now() from jsonb_to_recordset($1::jsonb) as r(project_id bigint, bytes bigint)
       on conflict (project_id) do update set bytes = excluded.bytes, measured_at = excluded.measured_at`,
      [JSON.stringify([...measured].map(([project_id, bytes]) => ({ project_id, bytes })))]
    )
  }
  return rows.reduce((sum, r) => sum + (measured.get(Number(r.id)) ?? Number(r.bytes ?? 0)), 0)
}
