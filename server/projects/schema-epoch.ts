/**
 * A number per project that this instance moves on whenever the platform runs a statement on the
 * project's database that may change its schema (run-query.ts, not read-only). What an instance
 * remembers of a project's tables (rest/read-ahead.ts) is trusted only under the epoch it was read
 * in, so a change made through this instance shows on its next request; a change made elsewhere
 * (another instance, psql) shows once the remembered table is checked again. Listeners
 * (realtime's publication watch) hear each move.
 */
type Listener = (ref: string) => void
const g = globalThis as typeof globalThis & { __schemaEpochs?: Map<string, number>; __schemaEpochListeners?: Set<Listener> }
const epochs = (g.__schemaEpochs ??= new Map<string, number>())
const listeners = (g.__schemaEpochListeners ??= new Set<Listener>())

export const schemaEpoch = (ref: string): number => epochs.get(ref) ?? 0

export function schemaMayHaveChanged(ref: string): void {
  epochs.set(ref, schemaEpoch(ref) + 1)
  for (const listener of listeners) listener(ref)
}

/** Calls `listener` at every move of any project's epoch; returns what stops it. */
export function onSchemaMayHaveChanged(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
