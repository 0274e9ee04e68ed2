#!/usr/bin/env node
/**
 * `npm run check:arrows`: fails when the source breaks the layering of docs/architecture.md —
 * a forbidden import arrow, an import circle, a screen importing another screen's internals, or
 * a source file over 300 lines (lib/catalogue/ excepted). Plain Node, no dependencies; the rules
 * are in `arrow-rules.mjs` so a unit test can prove each one fires.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkTree } from './arrow-rules.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FOLDERS = ['pages', 'components', 'hooks', 'data', 'state', 'lib', 'server', 'styles']
const EXTENSIONS = /\.(ts|tsx|mjs|js|css)$/

function walk(dir, out) {
  if (!fs.existsSync(dir)) return out
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else if (EXTENSIONS.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

const files = {}
for (const folder of FOLDERS) {
  for (const full of walk(path.join(root, folder), [])) files[path.relative(root, full).split(path.sep).join('/')] = fs.readFileSync(full, 'utf8')
}
const problems = checkTree(files)
if (problems.length > 0) {
  console.error(`check-arrows: ${problems.length} problem(s) (see docs/architecture.md):`)
  for (const problem of problems) console.error(`  ${problem}`)
  process.exit(1)
}
console.log(`check-arrows: ${Object.keys(files).length} files, no forbidden arrow, no circle, none over 300 lines`)
