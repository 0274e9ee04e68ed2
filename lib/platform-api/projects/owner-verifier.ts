import type { Db } from '../db/types'
import { getStore } from '../db/store'
import { withEngine } from './database-cache'
import { quoteIdent, quoteLiteral } from './jail'
import { projectRoleNames } from './targets'

/**
 * The password of a PGlite project's owner role (the connection string's role, checked by the
 * loopback port, wire/connection.ts), as its SCRAM-SHA-256 verifier (wire/scram.ts): the
 * password itself is in no statement, row or log.
 *
 * The password given when the project is created cannot be set then: its database does not
 * exist until the provisioning job (jobs.ts, possibly in another process after a restart) has
 * made it. So the creating transaction keeps the verifier in the platform store, the job sets
 * it on the role once the database is ready, and the row goes: at the latest when the
 * provisioning ends, either way (`forgetCreationVerifier`), or with the project's database.
 */

/** Sets the verifier on the owner role in the project's PGlite database. */
export async function setPgliteOwnerVerifier(ref: string, verifier: string): Promise<void> {
  const { owner } = projectRoleNames(ref)
  await withEngine(ref, (engine) => engine.db.exec(`alter role ${quoteIdent(owner)} password ${quoteLiteral(verifier)}`))
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
 * Sets the kept creation verifier, if any, on the owner role of the (ready) database, then drops
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
