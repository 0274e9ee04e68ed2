import type { Db } from '../db/types'
import { getStore } from '../db/store'

/**
 * The password of a PGlite project's connection string (checked by the loopback port,
 * wire/connection.ts), as its SCRAM-SHA-256 verifier (wire/scram.ts): the password itself is in
 * no statement, row or log. The verifier lives in the platform store
 * (`platform.project_db_verifiers`), never in the owner role's password in the project
 * database: member SQL runs as that role and may change that one (issue 22), so only what an
 * Admin set here opens the port.
 *
 * The password given when the project is created is kept apart until the provisioning job
 * (jobs.ts, possibly in another process after a restart) has made the database, then becomes
 * the project's verifier; the creation row goes at the latest when the provisioning ends, either
 * way (`forgetCreationVerifier`), or with the project's database.
 */

/** Stores the verifier the project's loopback port checks. */
export async function setPgliteOwnerVerifier(ref: string, verifier: string): Promise<void> {
  const store = await getStore()
  await store.query(
    `insert into platform.project_db_verifiers (project_id, verifier)
     select id, $2 from platform.projects where ref = $1
     on conflict (project_id) do update set verifier = excluded.verifier, updated_at = now()`,
    [ref, verifier]
  )
}

/** The verifier an Admin set for the project's loopback port, or null (no password set: nobody connects). */
export async function pgliteOwnerVerifier(ref: string): Promise<string | null> {
  const store = await getStore()
  const { rows } = await store.query<{ verifier: string }>(
    'select v.verifier from platform.project_db_verifiers v join platform.projects p on p.id = v.project_id where p.ref = $1',
    [ref]
  )
  return rows[0]?.verifier ?? null
}

/** Keeps the verifier of the creation password until the provisioning applies it (in the creating transaction). */
export async function keepCreationVerifier(tx: Db, ref: string, verifier: string): Promise<void> {
  await tx.query(
    `insert into platform.project_creation_verifiers (project_id, verifier)
     select id, $2 from platform.projects where ref = $1
     on conflict (project_id) do update set verifier = excluded.verifier`,
    [ref, verifier]
  )
}

/**
 * Makes the kept creation verifier, if any, the project's (once its database is ready), then drops
 * it. Idempotent: cut off in between, the next run sets the same verifier again.
 */
export async function applyCreationVerifier(ref: string): Promise<void> {
  const store = await getStore()
  const { rows } = await store.query<{ verifier: string }>(
    `select v.verifier from platform.project_creation_verifiers v join platform.projects p on p.id = v.project_id where p.ref = $1`,
    [ref]
  )
  if (rows.length === 0) return
  await setPgliteOwnerVerifier(ref, rows[0].verifier)
  await forgetCreationVerifier(store, ref)
}

/** Drops the kept creation verifier (applied, or no longer needed: the provisioning failed, the project is removed). */
export async function forgetCreationVerifier(db: Db, ref: string): Promise<void> {
  await db.query('delete from platform.project_creation_verifiers where project_id in (select id from platform.projects where ref = $1)', [ref])
}

/** Drops the project's verifier (its database is dropped). */
export async function forgetDbVerifier(db: Db, ref: string): Promise<void> {
  await db.query('delete from platform.project_db_verifiers where project_id in (select id from platform.projects where ref = $1)', [ref])
}
