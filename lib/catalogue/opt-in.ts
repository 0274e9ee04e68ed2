/**
 * Opt-in keys an organization sets to allow AI generators to read its data (spec §3 "Opt-in keys").
 * Until an organization opts in, the matching generator is not offered.
 */

export const OPT_IN_KEYS = {
  aiSqlGenerator: 'AI_SQL_GENERATOR_OPT_IN',
  aiDataGenerator: 'AI_DATA_GENERATOR_OPT_IN',
  aiLogGenerator: 'AI_LOG_GENERATOR_OPT_IN',
} as const
export type OptInKey = (typeof OPT_IN_KEYS)[keyof typeof OPT_IN_KEYS]

/** Every opt-in key, in a stable order. */
export const OPT_IN_KEY_LIST: readonly OptInKey[] = Object.values(OPT_IN_KEYS)

/** True when the organization's opt-in tags include the given key. */
export function hasOptedIn(optInTags: readonly string[] | null | undefined, key: OptInKey): boolean {
  return optInTags?.includes(key) ?? false
}
