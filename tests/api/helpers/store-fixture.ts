import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { resetServerConfig } from '@/lib/config'

/**
 * A migrated PGlite platform store and a PGlite project template, made once and copied into each
 * test platform's DATA_DIR: every API test file otherwise ran initdb twice and every migration
 * (about 15 s of its time on PGlite). The copy is keyed by the server's source and the lockfile, so
 * a change to a migration, to how a cluster is made or to PGlite makes a new one; two test
 * processes making it at once each make their own and the first to finish keeps its copy.
 */
const ROOT = path.join(os.tmpdir(), 'dashboard-api-fixture')
const READY = 'ready'

let memoKey: string | null = null

function sourceKey(): string {
  if (memoKey) return memoKey
  const hash = crypto.createHash('sha256')
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else files.push(full)
    }
  }
  walk(path.join(process.cwd(), 'server'))
  files.push(path.join(process.cwd(), 'package-lock.json'))
  for (const file of files.sort()) hash.update(file).update('\0').update(fs.readFileSync(file))
  memoKey = hash.digest('hex').slice(0, 16)
  return memoKey
}

/** Makes the fixture in a directory of its own: a platform-mode store, migrated, and the template. */
async function build(target: string): Promise<void> {
  fs.mkdirSync(ROOT, { recursive: true })
  const work = fs.mkdtempSync(path.join(ROOT, 'making-'))
  const saved = { DATA_DIR: process.env.DATA_DIR, IS_PLATFORM: process.env.IS_PLATFORM, DATABASE_URL: process.env.DATABASE_URL }
  try {
    process.env.DATA_DIR = work
    process.env.IS_PLATFORM = 'true'
    delete process.env.DATABASE_URL
    resetServerConfig()
    const { getStore, closeStore } = await import('@/server/db/store')
    const { copyTemplate } = await import('@/server/projects/pglite-files')
    await closeStore()
    await getStore()
    const scratch = path.join(work, 'scratch')
    if (!(await copyTemplate(scratch))) throw new Error('the PGlite project template could not be made')
    await closeStore()
    fs.rmSync(scratch, { recursive: true, force: true })
    fs.writeFileSync(path.join(work, READY), new Date().toISOString())
    try {
      fs.renameSync(work, target)
    } catch {
      // another test process made it first: keep theirs
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
    resetServerConfig()
  }
}

/** Fills an empty PGlite DATA_DIR with the store and the project template, making them first if needed. */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  const fixture = path.join(ROOT, sourceKey())
  if (!fs.existsSync(path.join(fixture, READY))) await build(fixture)
  fs.cpSync(path.join(fixture, 'platform'), path.join(dataDir, 'platform'), { recursive: true })
  fs.cpSync(path.join(fixture, 'projects', '.template'), path.join(dataDir, 'projects', '.template'), { recursive: true })
}
