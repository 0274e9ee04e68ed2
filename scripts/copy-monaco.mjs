#!/usr/bin/env node
// Copies the code editor (monaco-editor 0.52.2's `min/vs`) into public/monaco/vs, the local path
// that self-hosted builds (and the hosted CDN fallback) load it from. monaco-editor hides its
// package.json behind `exports`, so the folder is found by path.
import fs from 'node:fs'
import path from 'node:path'

const source = path.resolve('node_modules/monaco-editor/min/vs')
const target = path.resolve('public/monaco/vs')
if (!fs.existsSync(source)) {
  console.error(`copy-monaco: ${source} is missing; run npm install`)
  process.exit(1)
}
fs.rmSync(target, { recursive: true, force: true })
fs.mkdirSync(path.dirname(target), { recursive: true })
fs.cpSync(source, target, { recursive: true })
console.log('copy-monaco: public/monaco/vs ready')
