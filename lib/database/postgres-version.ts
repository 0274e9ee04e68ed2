/**
 * The Postgres major version of a project, used to decide which catalogue extensions are
 * deprecated there (spec §3 "deprecated"). The project's dbVersion ("17.4", "15.8.1.085",
 * "17.4-orioledb") is preferred; the server's own server_version_num is the fallback.
 */

/** Major version from a dbVersion string, or null when it does not start with one. */
export function majorFromDbVersion(dbVersion: string | null | undefined): number | null {
  const match = /^\s*(\d+)/.exec(dbVersion ?? '')
  if (!match) return null
  const major = Number(match[1])
  return major > 0 ? major : null
}

/** Major version from `server_version_num` (170004 → 17; 90624 → 9, the 9.x series). */
export function majorFromServerVersionNum(value: string | number | null | undefined): number | null {
  const num = typeof value === 'number' ? value : Number.parseInt(value ?? '', 10)
  if (!Number.isFinite(num) || num <= 0) return null
  return Math.floor(num / 10_000)
}

/** The major to judge deprecations by: the project's dbVersion, else the server's. */
export function postgresMajor(dbVersion: string | null | undefined, serverVersionNum: string | number | null | undefined): number | null {
  return majorFromDbVersion(dbVersion) ?? majorFromServerVersionNum(serverVersionNum)
}
