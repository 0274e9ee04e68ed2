/** Lists of known names (plans, log sources, providers, ...): their guard and their labels. */

/** True when the value is one of the known names. */
export function isOneOf<T extends string>(names: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (names as readonly string[]).includes(value)
}

/** The names a table of labels labels, in the table's order. */
export function namesOf<T extends string>(labels: Record<T, string>): readonly T[] {
  return Object.keys(labels) as T[]
}

/** The label of a known name; the value itself when it names nothing known. */
export function labelOrValue<T extends string>(labels: Record<T, string>, value: string): string {
  return isOneOf(namesOf(labels), value) ? labels[value] : value
}
