import fs from 'node:fs'
import type { Db } from '../db/types'
import { getStore } from '../db/store'
import { applyCreationVerifier, forgetCreationVerifier, forgetDbVerifier } from './owner-verifier'
import { copyTemplate, isReady, markReady, templateDir } from './pglite-files'
import {
  closeProjectDatabaseOnServer,
  createProjectDatabase,
  dropProjectDatabaseOnServer,
  openProjectDatabaseOnServer,
} from './server-databases'
import { projectTarget, type ProjectTarget } from './targets'
import { closeWireListener } from './wire/server'

import { closeProjectDatabase, oneProvisioningAtATime, withEngine } from './database-cache'

export {
  closeOpenProjectDatabases,
  closeProjectDatabase,
  openProjectDatabaseRefs,
  pgliteOpensWaiting,
  projectDatabaseUsers,
  setProjectDatabaseLimits,
} from './database-cache'
export { configuredLimits, MAX_OPEN_POSTGRES } from './database-limits'
export { getProjectDb, withProjectSession } from './project-db'

/** `show server_version`, first word (e.g. "17.4"). */
async function serverVersion(db: Db): Promise<string> {
  const { rows } = await db.query<{ server_version: string }>('show server_version')
  return rows[0].server_version.split(' ')[0]
}

/**
 * Creates the project's database if missing and checks that it answers `select 1`. Idempotent:
 * a provisioning cut off half way (a PGlite directory without its ready marker) starts over.
 * A PGlite database, once ready, gets the password given at creation (owner-verifier.ts).
 * Returns the Postgres version it runs.
 */
export async function provisionProjectDatabase(ref: string): Promise<{ dbVersion: string }> {
  const target = projectTarget(ref)
  if (target.kind === 'postgres' || target.isDefault) return provisionDatabase(target)
  const provisioned = await provisionDatabase(target)
  await applyCreationVerifier(ref)
  return provisioned
}

async function provisionDatabase(target: ProjectTarget): Promise<{ dbVersion: string }> {
  const { ref } = target
  if (target.kind === 'postgres') {
    if (!target.isDefault) await createProjectDatabase(await getStore(), ref)
    return withEngine(ref, async (e) => {
      await e.db.query('select 1')
      return { dbVersion: await serverVersion(e.db) }
    })
  }
  if (target.isDefault || isReady(target.dir)) {
    return withEngine(ref, async (e) => ({ dbVersion: await serverVersion(e.db) }), { create: target.isDefault })
  }
  return oneProvisioningAtATime(async () => {
    await closeProjectDatabase(ref)
    const fromTemplate = await copyTemplate(target.dir)
    const check = () =>
      withEngine(
        ref,
        async (e) => {
          await e.db.query('select 1')
          return serverVersion(e.db)
        },
        { create: true }
      )
    let dbVersion: string
    try {
      dbVersion = await check()
    } catch (error) {
      if (!fromTemplate) throw error
      // A template from another PGlite build, say: drop it and create this cluster from scratch.
      console.warn(`[platform-api] project ${ref}: the PGlite template did not open (${(error as Error).message}); running initdb`)
      await closeProjectDatabase(ref)
      fs.rmSync(templateDir(), { recursive: true, force: true })
      fs.rmSync(target.dir, { recursive: true, force: true })
      fs.mkdirSync(target.dir, { recursive: true })
      dbVersion = await check()
    }
    markReady(target.dir)
    return { dbVersion }
  })
}


/** Pause: closes the database (and its loopback port) here and, on a server, stops it from accepting connections. */
export async function pauseProjectDatabase(ref: string): Promise<void> {
  await closeWireListener(ref)
  await closeProjectDatabase(ref)
  const target = projectTarget(ref)
  if (target.kind === 'postgres' && !target.isDefault) await closeProjectDatabaseOnServer(await getStore(), ref)
}

/** Restore: lets the database serve again and checks that it answers. */
export async function resumeProjectDatabase(ref: string): Promise<{ dbVersion: string }> {
  const target = projectTarget(ref)
  if (target.kind === 'postgres' && !target.isDefault) await openProjectDatabaseOnServer(await getStore(), ref)
  return withEngine(ref, async (e) => {
    await e.db.query('select 1')
    return { dbVersion: await serverVersion(e.db) }
  })
}

/** Restart: closes the database here and opens it again. */
export async function restartProjectDatabase(ref: string): Promise<{ dbVersion: string }> {
  await closeProjectDatabase(ref)
  return resumeProjectDatabase(ref)
}

/** Drops the project's database (idempotent): the server database and its roles, or the PGlite directory. */
export async function dropProjectDatabase(ref: string): Promise<void> {
  const target = projectTarget(ref)
  if (target.isDefault) throw new Error('The database of the default project is never dropped')
  await closeWireListener(ref)
  await closeProjectDatabase(ref)
  const store = await getStore()
  if (target.kind === 'postgres') await dropProjectDatabaseOnServer(store, ref)
  else fs.rmSync(target.dir, { recursive: true, force: true })
  await forgetCreationVerifier(store, ref)
  await forgetDbVerifier(store, ref)
}
