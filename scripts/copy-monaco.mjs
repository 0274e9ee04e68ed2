#!/usr/bin/env node
// Copies the code editor (monaco-editor's `min/vs`) into public/monaco/{version}/vs, the local path
// that self-hosted builds (and the hosted CDN fallback) load it from, versioned so it can be cached
// for good. monaco-editor hides its package.json behind `exports`, so the folder is found by path;
// the installed version must be the one lib/constants.ts names (CODE_EDITOR_VERSION).
import fs from 'node:fs'
import path from 'node:path'

const source = path.resolve('node_modules/monaco-editor/min/vs')
const installed = JSON.parse(fs.readFileSync(path.resolve('node_modules/monaco-editor/package.json'), 'utf8')).version
const named = /CODE_EDITOR_VERSION = '([^']+)'/.exec(fs.readFileSync(path.resolve('lib/constants.ts'), 'utf8'))?.[1]
if (installed !== named) {
  console.error(`copy-monaco: monaco-editor ${installed} is installed but lib/constants.ts names ${named}; make them agree`)
  process.exit(1)
}
const target = path.resolve(`public/monaco/${installed}/vs`)
if (!fs.existsSync(source)) {
  console.error(`copy-monaco: ${source} is missing; run npm install`)
  process.exit(1)
}
fs.rmSync(path.resolve('public/monaco'), { recursive: true, force: true })
fs.mkdirSync(path.dirname(target), { recursive: true })
fs.cpSync(source, target, { recursive: true })
console.log(`copy-monaco: public/monaco/${installed}/vs ready`)
