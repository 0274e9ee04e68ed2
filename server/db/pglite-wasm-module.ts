import fs from 'node:fs'
import path from 'node:path'

/**
 * PGlite's Postgres (pglite.wasm, 9 MB of WebAssembly) compiled once per process and handed to
 * every PGlite worker thread (`pgliteWasmModule`): a compiled module crosses threads without a
 * copy and its machine code is shared, where each worker compiled its own before. Measured with
 * four databases opened and closed five times (RSS of the process): peak 542 -> 468 MB, 250 ->
 * 219 MB left once all were closed (the compiler's scratch memory, which the allocator kept); a
 * cold open also skips the compilation. Undefined when it cannot be compiled: each worker then
 * compiles its own, as PGlite does by default.
 */
let compiled: Promise<WebAssembly.Module | undefined> | null = null

export function sharedPgliteModule(workerPath: string): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    const file = pgliteWasmPath(workerPath)
    if (!file) return undefined
    return WebAssembly.compile(await fs.promises.readFile(/*turbopackIgnore: true*/ file))
  })().catch((error: unknown) => {
    console.warn(`[platform-api] PGlite's WebAssembly not compiled once for all workers (${(error as Error).message}); each compiles its own`)
    return undefined
  })
  return compiled
}

/** The pglite.wasm the worker script loads: Node's resolution of its `@electric-sql/pglite`, from its directory up. */
function pgliteWasmPath(workerPath: string): string | null {
  for (let dir = path.dirname(workerPath); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@electric-sql', 'pglite', 'dist', 'pglite.wasm')
    if (fs.existsSync(/*turbopackIgnore: true*/ candidate)) return candidate
    if (path.dirname(dir) === dir) return null
  }
}
