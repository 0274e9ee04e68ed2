import fs from 'node:fs'
import path from 'node:path'
import { getServerConfig } from '@/lib/config'
import { ensureSelfHostedDefaults } from '../self-hosted'
import { migrate } from './migrate'
import { openPgliteDb } from './pglite-db'
import { openPostgresDb } from './postgres-db'
import type { Db } from './types'

type StoreState = { ready: Promise<Db> | null }

// One store per process, kept on globalThis so Next's module reloading does not open PGlite twice.
const g = globalThis as typeof globalThis & { __platformStore?: StoreState }
const state: StoreState = (g.__platformStore ??= { ready: null })

async function open(): Promise<Db> {
  const config = getServerConfig()
  let db: Db
  if (config.databaseUrl) {
    db = openPostgresDb(config.databaseUrl)
  } else {
    const dir = path.resolve(config.dataDir, 'platform')
    fs.mkdirSync(dir, { recursive: true })
    db = await openPgliteDb(dir, config.projectDatabases.pgliteSharedBuffersMb)
  }
  await migrate(db)
  if (!config.isPlatform) await ensureSelfHostedDefaults(db)
  return db
}

/** The platform's store, opened and migrated once per process on first use. */
export function getStore(): Promise<Db> {
  if (!state.ready) {
    state.ready = open().catch((error) => {
      state.ready = null
      throw error
    })
  }
  return state.ready
}

/** Closes the store (tests and shutdown). */
export async function closeStore(): Promise<void> {
  const ready = state.ready
  state.ready = null
  if (ready) await (await ready).close()
}
