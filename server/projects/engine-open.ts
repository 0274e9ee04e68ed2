import crypto from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { getStore } from '../db/store'
import { getServerConfig } from '@/lib/config'
import type { Engine } from './engines'
import { openPgliteEngine } from './pglite-engine'
import { openPostgresEngine } from './postgres-engine'
import { apiRolesSetupSql } from './api-roles'
import { projectAuthTablesSql } from './auth-tables'
import { projectMigrationsTableSql } from './migration-record'
import { projectStorageTablesSql } from './storage-tables'
import { realtimeMessagesSql } from '../realtime/messages-table'
import { projectSetupSql, quoteIdent, type ProjectRoles } from './jail'
import { isReady } from './pglite-files'
import { emitProjectNotification, PROJECT_LISTEN_CHANNELS } from './notifications'
import { realtimeSetupSql } from '../realtime/setup-sql'
import { realtimePublicationSql } from '../realtime/publication-sql'
import { apiLoginRoleSql, connectionLoginGrantSql, connectionLoginRoleSql, syncDashboardRolePassword } from './server-databases'
import { projectRoleNames, type ProjectTarget } from './targets'

/**
 * Opens a project's database: a PGlite directory in its worker thread (listening on the channels
 * realtime reads, notifications.ts) or a pool on a Postgres server, and sets up its roles, jails
 * and schemas (idempotent, at every open). Only database-cache.ts calls it, never two at once
 * for one directory.
 */
export async function openProjectEngine(target: ProjectTarget, create: boolean): Promise<Engine> {
  if (target.kind === 'pglite') {
    if (!create && !target.isDefault && !isReady(target.dir)) {
      throw new Error(`The database of project ${target.ref} is not provisioned`)
    }
    fs.mkdirSync(target.dir, { recursive: true })
    const engine = await openPgliteEngine(target.dir, {
      sharedBuffersMb: getServerConfig().projectDatabases.pgliteSharedBuffersMb,
      listen: { channels: PROJECT_LISTEN_CHANNELS, onNotification: (channel, payload) => emitProjectNotification(target.ref, channel, payload) },
    })
    try {
      // The platform's privileged session (PGlite's own superuser), platform text only.
      await engine.db.exec(setupSql(projectRoleNames(target.ref), null, true))
    } catch (error) {
      await engine.close().catch(() => {})
      throw error
    }
    return engine
  }
  await setUpServerDatabase(target)
  try {
    return await openPostgresEngine(target.url, { max: getServerConfig().projectDbPoolSize, apiUrl: target.apiUrl, adminUrl: target.adminUrl })
  } catch (error) {
    // 28P01: the platform secret changed since the role was made; set its password again.
    if ((error as { code?: string }).code !== '28P01' || !target.roles) throw error
    await syncDashboardRolePassword(await getStore(), target.ref)
    return openPostgresEngine(target.url, { max: getServerConfig().projectDbPoolSize, apiUrl: target.apiUrl, adminUrl: target.adminUrl })
  }
}

/** The project's roles, the project API's roles (cluster-wide on a server) and their jails, its users' tables, its storage schema, its migration history and realtime's publication. */
function setupSql(roles: ProjectRoles, caller: string | null, singleTenant: boolean): string {
  return projectSetupSql(roles, caller, { singleTenant }) + apiRolesSetupSql(roles, caller) + projectAuthTablesSql(roles, caller) + projectStorageTablesSql(roles) + projectMigrationsTableSql(roles) + realtimeSetupSql() + realtimeMessagesSql(roles) + realtimePublicationSql(roles)
}

/** The roles and the jail on a server database, through the platform's privileged role. */
async function setUpServerDatabase(target: Extract<ProjectTarget, { kind: 'postgres' }>): Promise<void> {
  const admin = new pg.Client({ connectionString: target.adminUrl, application_name: 'dashboard-platform' })
  await admin.connect()
  try {
    await admin.query(setupSql(projectRoleNames(target.ref), target.roles?.dashboard ?? null, false))
    await admin.query(apiLoginRoleSql(target.ref, target.databaseName))
    if (target.roles) {
      // Databases from before issue 22: the owner role loses LOGIN; its password (which member SQL
      // could have set) is not carried over, so an Admin sets the connection string's password again.
      await admin.query(connectionLoginRoleSql(target.ref, crypto.randomBytes(24).toString('base64url'), true))
      await admin.query(connectionLoginGrantSql(target.ref, target.databaseName))
    }
    if (target.roles) await admin.query(`alter role ${quoteIdent(target.roles.dashboard)} reset role`)
  } finally {
    await admin.end().catch(() => {})
  }
}

