/**
 * The file browser's rules (Dashboard → Storage), pure: folders as name prefixes with a hidden
 * placeholder object (as Supabase does), what a file previews as, and the expiries a signed URL
 * may be copied with.
 */
import { objectNameProblem } from './limits'

/** The object that keeps an otherwise empty folder in the listing; never shown. */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder'

/** `a/b` + `c` → `a/b/c`; the root is ''. */
export const joinPath = (prefix: string, name: string) => (prefix ? `${prefix}/${name}` : name)

/** The folders of a prefix for breadcrumbs: `a/b` → [{name:'a',path:'a'},{name:'b',path:'a/b'}]. */
export function crumbs(prefix: string): { name: string; path: string }[] {
  const parts = prefix.split('/').filter(Boolean)
  return parts.map((name, i) => ({ name, path: parts.slice(0, i + 1).join('/') }))
}

/** Why a new folder name cannot be used, or null. */
export function folderNameProblem(name: string): string | null {
  const trimmed = name.trim()
  if (trimmed === '') return 'Give the folder a name'
  if (trimmed.includes('/')) return 'A folder name cannot contain "/"'
  return objectNameProblem(trimmed) ? 'Use a name without control characters, "." or ".."' : null
}

export type PreviewKind = 'image' | 'text' | 'json' | 'pdf' | 'none'

/** How a file previews, from its content type (and its name when the type says little). */
export function previewKind(mimetype: string | undefined, name: string): PreviewKind {
  const type = (mimetype ?? '').split(';', 1)[0].trim().toLowerCase()
  const ext = name.toLowerCase().split('.').pop() ?? ''
  if (type.startsWith('image/')) return 'image'
  if (type === 'application/pdf' || ext === 'pdf') return 'pdf'
  if (type === 'application/json' || type.endsWith('+json') || ext === 'json') return 'json'
  if (type.startsWith('text/') || ['txt', 'md', 'csv', 'log', 'sql', 'yaml', 'yml', 'xml', 'html', 'css', 'js', 'ts'].includes(ext)) return 'text'
  return 'none'
}

/** Text longer than this is cut in the preview. */
export const TEXT_PREVIEW_MAX_CHARS = 100_000

/** JSON pretty-printed, or the text as it is when it does not parse. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

const DAY = 24 * 3600

/** Expiries offered for a signed URL (spec: 1 week, 1 month, 1 year or custom). */
export const SIGNED_URL_EXPIRIES = [
  { id: 'week', label: '1 week', seconds: 7 * DAY },
  { id: 'month', label: '1 month', seconds: 30 * DAY },
  { id: 'year', label: '1 year', seconds: 365 * DAY },
] as const

/** Seconds of a custom expiry (a whole number of `unit`s), or null when out of range (1 s to a year). */
export function customExpirySeconds(amount: string, unit: 'minutes' | 'hours' | 'days'): number | null {
  if (!/^\d+$/.test(amount.trim())) return null
  const seconds = Number(amount) * { minutes: 60, hours: 3600, days: DAY }[unit]
  return seconds >= 1 && seconds <= 365 * DAY ? seconds : null
}

/** Bucket MIME types written as a list (`image/*, text/plain`) → the list, or null for any type. */
export function parseMimeList(text: string): string[] | null {
  const list = text.split(/[\s,]+/).map((t) => t.trim()).filter(Boolean)
  return list.length ? list : null
}

/** Which entries of a MIME list are not `type/subtype` or `type/*`. */
export const badMimeTypes = (list: readonly string[]) => list.filter((t) => !/^[\w.+-]+\/(\*|[\w.+-]+)$/.test(t))
