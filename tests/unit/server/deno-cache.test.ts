/**
 * Each project's functions build in a module cache of their own, which goes when the project goes;
 * a tenant name that would leave the cache's directory is refused.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { denoCacheDir, removeDenoCache } from '@/server/functions/runtime/sandbox'

describe("a project's functions build cache", () => {
  let root: string
  const before = process.env.FUNCTIONS_DENO_DIR
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'deno-cache-'))
    process.env.FUNCTIONS_DENO_DIR = root
  })
  afterEach(() => {
    if (before === undefined) delete process.env.FUNCTIONS_DENO_DIR
    else process.env.FUNCTIONS_DENO_DIR = before
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('is one directory per project, and removing one leaves the others', async () => {
    const a = denoCacheDir('projecta')
    const b = denoCacheDir('projectb')
    expect(a).not.toBe(b)
    fs.mkdirSync(path.join(a, 'npm'), { recursive: true })
    fs.writeFileSync(path.join(a, 'npm', 'left-pad.js'), 'module')
    fs.writeFileSync(path.join(b, 'kept.js'), 'module')
    await removeDenoCache('projecta')
    expect(fs.existsSync(a)).toBe(false)
    expect(fs.readFileSync(path.join(b, 'kept.js'), 'utf8')).toBe('module')
    await expect(removeDenoCache('projecta')).resolves.toBeUndefined() // already gone: nothing to do
  })

  it('refuses a name that would reach outside the cache', async () => {
    fs.writeFileSync(path.join(root, 'outside'), 'x')
    for (const name of ['..', '../outside', 'a/b', '', 'x'.repeat(65)]) {
      expect(() => denoCacheDir(name)).toThrow(/not a tenant name/)
      await expect(removeDenoCache(name)).rejects.toThrow(/not a tenant name/)
    }
    expect(fs.existsSync(path.join(root, 'outside'))).toBe(true)
  })
})
