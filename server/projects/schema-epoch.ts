/**
 * A number per project that this instance moves on whenever the platform runs a statement on the
 * project's database that may change its schema (run-query.ts, not read-only). What an instance
 * remembers of a project's tables (rest/read-ahead.ts) is trusted only under the epoch it was read
 * in, so a change made through this instance shows on its next request; a change made elsewhere
 * (another instance, psql) shows once the remembered table is checked again.
 */
const g = globalThis as typeof globalThis & { __schemaEpochs?: Map<string, number> }
const epochs = (g.__schemaEpochs ??= new Map<string, number>())

export const schemaEpoch = (ref: string): number => epochs.get(ref) ?? 0

export function schemaMayHaveChanged(ref: string): void {
  epochs.set(ref, schemaEpoch(ref) + 1)
}
