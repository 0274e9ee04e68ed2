/**
 * The layering rules of docs/architecture.md over a map of `path → source text` (paths relative
 * to the repository, with `/`). Returns one sentence per problem; none when the tree keeps them.
 */

export const MAX_LINES = 300

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.css']

/** Every module a file names: import/export-from, side-effect imports, dynamic import(), require(), CSS @import. */
export function importsOf(text) {
  const specs = []
  const patterns = [
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /(?:^|[\s;])import\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
    /@import\s+(?:url\()?['"]([^'"]+)['"]/g,
  ]
  for (const pattern of patterns) for (const m of text.matchAll(pattern)) specs.push(m[1])
  return specs
}

/** The file a specifier names inside the tree (`@/` is the repository root), or null for packages. */
export function resolve(from, spec, files) {
  let base
  if (spec.startsWith('@/')) base = spec.slice(2)
  else if (spec.startsWith('.')) {
    const parts = from.split('/').slice(0, -1)
    for (const part of spec.split('/')) {
      if (part === '..') parts.pop()
      else if (part !== '.') parts.push(part)
    }
    base = parts.join('/')
  } else return null
  const candidates = [base, ...SOURCE_EXTENSIONS.map((e) => base + e), ...SOURCE_EXTENSIONS.map((e) => `${base}/index${e}`)]
  return candidates.find((c) => c in files) ?? base
}

/** Which layer a path is in, as the rules name them. */
export function layerOf(file) {
  if (file.startsWith('pages/api/')) return 'pages/api'
  if (file.startsWith('server/')) return 'server'
  if (file.startsWith('lib/catalogue/')) return 'lib'
  if (file.startsWith('components/interfaces/')) return 'interfaces'
  if (file.startsWith('components/ui/')) return 'ui'
  if (file.startsWith('components/')) return 'layouts'
  return file.split('/')[0]
}

/** Allowed layers a layer may import (its own included). */
const ALLOWED = {
  pages: ['pages', 'layouts', 'interfaces', 'ui', 'hooks', 'data', 'state', 'lib', 'styles'],
  'pages/api': ['server', 'lib'],
  interfaces: ['interfaces', 'layouts', 'ui', 'hooks', 'data', 'state', 'lib', 'styles'],
  layouts: ['layouts', 'interfaces', 'ui', 'hooks', 'data', 'state', 'lib', 'styles'],
  ui: ['ui', 'hooks', 'data', 'state', 'lib', 'styles'],
  hooks: ['hooks', 'data', 'state', 'lib'],
  data: ['data', 'lib'],
  state: ['state', 'lib'],
  lib: ['lib'],
  server: ['server', 'lib'],
  styles: ['styles'],
}

/** Layers whose code ships to the browser. */
const BROWSER = new Set(['pages', 'interfaces', 'layouts', 'ui', 'hooks', 'data', 'state'])

/** Modules a file imports values from (not `import type`, not only `type` names). */
export function valueImportsOf(text) {
  const specs = []
  for (const m of text.matchAll(/(?:^|[\s;])import\s+(?!type\s)([^'"`;]*?)\sfrom\s*['"]([^'"]+)['"]/g)) {
    const clause = m[1].trim()
    const braces = clause.match(/\{([^}]*)\}/)
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim()
    const named = braces ? braces[1].split(',').map((n) => n.trim()).filter(Boolean) : []
    if (outside || named.some((n) => !n.startsWith('type '))) specs.push(m[2])
  }
  return specs
}

const usesZod = (text) => /from\s*['"]zod(\/[a-z]+)?['"]/.test(text)

const screenOf = (file) => (file.startsWith('components/interfaces/') ? file.split('/')[2] : null)

/** Import circles: each reported once, as the chain of files. */
export function findCycles(graph) {
  const cycles = []
  const seen = new Set()
  const state = new Map() // 1 on the stack, 2 done
  const stack = []
  const visit = (node) => {
    state.set(node, 1)
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 1) {
        const cycle = stack.slice(stack.indexOf(next))
        const key = [...cycle].sort().join('|')
        if (!seen.has(key)) {
          seen.add(key)
          cycles.push([...cycle, next])
        }
      } else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 2)
  }
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node)
  return cycles
}

export function checkTree(files) {
  const problems = []
  const graph = new Map()
  for (const [file, text] of Object.entries(files)) {
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
    if (lines > MAX_LINES && !file.startsWith('lib/catalogue/')) problems.push(`${file}: ${lines} lines (at most ${MAX_LINES})`)
    const from = layerOf(file)
    const edges = []
    for (const spec of importsOf(text)) {
      const target = resolve(file, spec, files)
      if (!target) continue
      const to = layerOf(target)
      if (target in files) edges.push(target)
      if (ALLOWED[from] && !ALLOWED[from].includes(to)) problems.push(`${file}: ${from} must not import ${to} (${spec})`)
      const mine = screenOf(file)
      const theirs = screenOf(target)
      if (mine && theirs && mine !== theirs) problems.push(`${file}: a screen must not import another screen's internals (${spec})`)
    }
    if (BROWSER.has(from)) {
      for (const spec of valueImportsOf(text)) {
        const target = resolve(file, spec, files)
        if (target?.startsWith('lib/api-types/') && usesZod(files[target] ?? ''))
          problems.push(`${file}: browser code imports values from ${target}, which holds zod schemas; use \`import type\` (${spec})`)
      }
    }
    graph.set(file, edges)
  }
  for (const cycle of findCycles(graph)) problems.push(`import circle: ${cycle.join(' → ')}`)
  return problems
}
