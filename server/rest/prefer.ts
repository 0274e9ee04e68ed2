/**
 * What a request's `Prefer` header decides besides its statement, as PostgREST 13 decides it:
 * how its transaction ends (`tx=`, within the project's `db_tx_end`), `max-affected=` with
 * `handling=strict`, and the `Preference-Applied` header naming the preferences honoured.
 */
import type { TxEnd } from '@/lib/api-types/postgrest-config'
import { RestError, type Preferences } from '@/lib/rest'

/**
 * The transaction ends in ROLLBACK: `db_tx_end` is `rollback…`, or `Prefer: tx=rollback` when
 * the setting allows an override (`…-allow-override`; `tx=commit` then overrides `rollback-…`).
 */
export function endsInRollback(txEnd: TxEnd, prefer: Preferences): boolean {
  if (txEnd.endsWith('-allow-override') && prefer.tx) return prefer.tx === 'rollback'
  return txEnd.startsWith('rollback')
}

/** `max-affected` counts only with `handling=strict`, as PostgREST. */
const strictMax = (prefer: Preferences) => (prefer.handling === 'strict' ? prefer.maxAffected : undefined)

/** PGRST124 (400) when a strict `max-affected=N` is exceeded; the transaction is then rolled back. */
export function checkMaxAffected(prefer: Preferences, affected: number): void {
  const max = strictMax(prefer)
  if (max !== undefined && affected > max) {
    throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`)
  }
}

/** A function returning one value cannot be held to a strict `max-affected`: PGRST128 (400). */
export function checkMaxAffectedFunction(prefer: Preferences, returnsSet: boolean): void {
  if (strictMax(prefer) !== undefined && !returnsSet) {
    throw new RestError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict')
  }
}

/** The statement's result may not end the transaction by itself (a later check could still refuse it). */
export const mayRefuseAfter = (prefer: Preferences) => strictMax(prefer) !== undefined

/**
 * `Preference-Applied`: the preferences the answer honoured (`tx` only when the project lets a
 * request choose), or undefined when none.
 */
export function preferenceApplied(prefer: Preferences, txEnd: TxEnd, write: boolean): string | undefined {
  const applied: string[] = []
  if (write && prefer.resolution) applied.push(`resolution=${prefer.resolution}`)
  if (write && prefer.missing) applied.push(`missing=${prefer.missing}`)
  if (write && prefer.return) applied.push(`return=${prefer.return}`)
  if (prefer.count) applied.push(`count=${prefer.count}`)
  if (prefer.tx && txEnd.endsWith('-allow-override')) applied.push(`tx=${prefer.tx}`)
  if (prefer.handling) applied.push(`handling=${prefer.handling}`)
  if (prefer.maxAffected !== undefined && prefer.handling === 'strict') applied.push(`max-affected=${prefer.maxAffected}`)
  return applied.length > 0 ? applied.join(', ') : undefined
}
