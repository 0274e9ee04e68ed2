import { auditOrg, getProjectAccess } from '../access'
import type { Caller } from '../auth/caller'
import type { Db } from '../db/types'
import { conflict } from '../http/errors'
import { setPgliteOwnerVerifier } from './owner-verifier'
import { setOwnerRolePassword } from './server-databases'
import { projectTarget } from './targets'
import { scramVerifier } from './wire/scram'

/**
 * POST /platform/projects/:ref/db-password: the password of the connection string's role. Only
 * its SCRAM-SHA-256 verifier is stored, by Postgres itself, in the project's owner role: on a
 * server (which gets LOGIN), or in the PGlite database, whose loopback port checks it
 * (wire/connection.ts). The platform keeps no copy.
 */
export async function setDatabasePassword(db: Db, caller: Caller, ref: string, password: string): Promise<void> {
  const { project, org } = await getProjectAccess(db, caller, ref, 'Admin')
  if (project.status !== 'ACTIVE_HEALTHY') throw conflict(`Project ${ref} is ${project.status}: its database password can be set once it is active`)
  const target = projectTarget(ref)
  const verifier = scramVerifier(password)
  if (target.kind === 'postgres') {
    if (!target.roles) {
      throw conflict("This project is DATABASE_URL's own database: its role's password is set on that server, not here")
    }
    await setOwnerRolePassword(db, ref, verifier)
  } else {
    await setPgliteOwnerVerifier(ref, verifier)
  }
  await auditOrg(db, caller, org.id, 'project.db_password_changed', ref, {})
}
