// The PGlite worker's errors as they cross to the server thread (pglite-worker.mjs). Plain ESM,
// like the worker: it may import only from node_modules.
import { messages } from '@electric-sql/pglite'

/** A plain, cloneable copy of an error with every own field (DatabaseError's code, position...). */
export function serializeError(error) {
  if (!(error instanceof Error)) {
    // PGlite's file system throws plain objects (Emscripten's ErrnoError: { errno, code? }).
    const out = { name: 'Error', message: String(error) }
    if (error && typeof error === 'object') {
      for (const [key, value] of Object.entries(error)) if (value === null || typeof value !== 'object') out[key] = value
      if (typeof error.message !== 'string') out.message = `PGlite failed: ${safeJson(error)}`
    }
    return out
  }
  const out = { message: error.message, name: error.name, stack: error.stack, isDatabaseError: error instanceof messages.DatabaseError }
  for (const [key, value] of Object.entries(error)) {
    // query/params/queryOptions are the caller's own input (and options may hold functions).
    if (key === 'queryOptions' || key === 'params') continue
    if (value === undefined || typeof value === 'function') continue
    out[key] = value
  }
  return out
}

function safeJson(value) {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/** A WASM trap or abort leaves PGlite unusable: the thread ends, the client starts a new one. */
export function isFatal(error) {
  return error instanceof WebAssembly.RuntimeError || (error instanceof Error && /^Aborted\(/.test(error.message))
}
