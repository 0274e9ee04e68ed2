import fs from 'node:fs'
import path from 'node:path'
import { getServerConfig } from '@/lib/config'
import { initPgliteInChildProcess } from '../db/pglite-init-process'
import { pglitePostgresqlConf } from './pglite-extensions'

/** PGlite project directories: the ready marker and the template new projects are copied from. */

/** A PGlite directory without this file is unfinished (its provisioning was cut off). */
const READY_MARKER = '.provisioned'

export function isReady(dir: string): boolean {
  return fs.existsSync(path.join(dir, READY_MARKER))
}

export function markReady(dir: string): void {
  fs.writeFileSync(path.join(dir, READY_MARKER), new Date().toISOString())
}

export function templateDir(): string {
  return path.resolve(getServerConfig().dataDir, 'projects', '.template')
}

/**
 * New PGlite projects start as a copy of a freshly initialised cluster (about 40 MB, copied in
 * well under a second) instead of running initdb each time (seconds, and a large memory peak).
 * The template is made once, in a child process (pglite-init-process.ts). Returns false when no
 * template could be made; the directory is then left empty for initdb.
 */
export async function copyTemplate(dir: string): Promise<boolean> {
  fs.rmSync(dir, { recursive: true, force: true })
  try {
    const template = templateDir()
    if (!isReady(template)) {
      fs.rmSync(template, { recursive: true, force: true })
      // In a process of its own, with the options a project is opened with (pglite-engine.ts):
      // initdb's memory is not the server's to keep.
      await initPgliteInChildProcess({ dataDir: template, contrib: true, postgresqlconf: [pglitePostgresqlConf(template)] })
      markReady(template)
    }
    fs.cpSync(template, dir, { recursive: true, filter: (source) => path.basename(source) !== READY_MARKER })
    return true
  } catch (error) {
    console.warn(`[platform-api] no PGlite template (${(error as Error).message}); running initdb`)
    fs.rmSync(dir, { recursive: true, force: true })
    fs.mkdirSync(dir, { recursive: true })
    return false
  }
}
