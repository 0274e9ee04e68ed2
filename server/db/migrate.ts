import fs from 'node:fs'
import path from 'node:path'
import type { Db } from './types'

/** Numbered plain-SQL migrations, `NNN_name.sql`, applied in order, each once, each in one transaction. */
export function migrationsDir(): string {
  return path.join(process.cwd(), 'server', 'migrations')
}

// The migrations are read from the checkout the server runs in (`next start` in the repository),
// so the bundler is told not to trace these reads.
export function listMigrations(dir = migrationsDir()): { name: string; sql: string }[] {
  return fs
    .readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, name), 'utf8') }))
}

// Arbitrary fixed key: several server instances starting on one Postgres migrate one at a time.
const MIGRATION_LOCK = 7_341_209

/** Applies the migrations not yet recorded in `platform.schema_migrations`. */
export async function migrate(db: Db, dir = migrationsDir()): Promise<string[]> {
  const applied: string[] = []
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(`create schema if not exists platform;
      create table if not exists platform.schema_migrations (name text primary key, applied_at timestamptz not null default now())`)
    const done = new Set((await tx.query<{ name: string }>('select name from platform.schema_migrations')).rows.map((r) => r.name))
    for (const m of listMigrations(dir)) {
      if (done.has(m.name)) continue
      await tx.exec(m.sql)
      await tx.query('insert into platform.schema_migrations (name) values ($1)', [m.name])
      applied.push(m.name)
    }
  })
  return applied
}
