/**
 * Pure helpers of the global error screen (spec §2 overlay 4, §4 "Error boundary", §8).
 */
import { SUPPORT_CATEGORIES } from '@/lib/catalogue/support-categories'

/** spec §8: the Copy error button and the fallback texts. */
export const ERROR_SCREEN_TITLE = 'Sorry! An unexpected error occurred.'
export const APPLICATION_ERROR_TEXT =
  'Application error: a client-side exception has occurred (see browser console for more information)'

/**
 * Where "More information" on the DOM-manipulation advice points: the long-standing React issue
 * about page translators and extensions rewriting the DOM under React.
 */
export const DOM_MANIPULATION_INFO_URL = 'https://github.com/facebook/react/issues/11538'

// The support form rejects longer values (subject ≤ 200, message ≤ 10,000); the message is kept
// well below its limit so the link stays a reasonable length for every browser and proxy.
const SUBJECT_MAX_LENGTH = 200
const SUPPORT_MESSAGE_MAX_LENGTH = 4_000

/** Something thrown, seen as an Error (a thrown string or object still gets a message). */
export function toError(thrown: unknown): Error {
  if (thrown instanceof Error) return thrown
  if (typeof thrown === 'string') return new Error(thrown)
  try {
    return new Error(JSON.stringify(thrown))
  } catch {
    return new Error(String(thrown))
  }
}

/**
 * spec §8: removeChild / insertBefore failures usually mean something outside React (a page
 * translation service, a browser extension) changed the DOM React manages.
 */
export function isDomManipulationError(error: Pick<Error, 'message'>): boolean {
  return /\b(removeChild|insertBefore)\b/.test(error.message ?? '')
}

/** The stack, or `name: message` when the engine gave none. */
export function stackOf(error: Pick<Error, 'name' | 'message' | 'stack'>): string {
  return error.stack?.trim() || `${error.name || 'Error'}: ${error.message}`
}

/** What "Copy error" puts on the clipboard: the message, then the stack. */
export function errorClipboardText(error: Pick<Error, 'name' | 'message' | 'stack'>): string {
  return `${error.message}\n\n${stackOf(error)}`
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

export type SupportUrlInput = {
  error: Pick<Error, 'name' | 'message' | 'stack'>
  /** The error report id (`sid`); left out when reporting is off. */
  reportId: string | null | undefined
  /** The page the error happened on (`window.location.pathname`). */
  pathname: string
}

/**
 * spec §2 route /support/new: `category=dashboard_bug`, `sid` (the error report id), `subject`
 * and `message` (the stack trace with the path name). Base-path-relative, for the router or a link.
 */
export function buildSupportUrl({ error, reportId, pathname }: SupportUrlInput): string {
  const firstLine = (error.message || error.name || 'Unknown error').split('\n')[0]
  const params = new URLSearchParams({ category: SUPPORT_CATEGORIES.Dashboard_bug })
  if (reportId) params.set('sid', reportId)
  params.set('subject', truncate(`Dashboard error: ${firstLine}`, SUBJECT_MAX_LENGTH))
  params.set('message', truncate(`Path name: ${pathname}\n\n${stackOf(error)}`, SUPPORT_MESSAGE_MAX_LENGTH))
  return `/support/new?${params.toString()}`
}

/** spec §8 "clear browser storage": empties local and session storage, then reloads the page. */
export function clearBrowserStorageAndReload(win: Pick<Window, 'localStorage' | 'sessionStorage' | 'location'> = window): void {
  try {
    win.localStorage.clear()
  } catch {
    // Storage can be blocked (privacy settings); the other one and the reload still help.
  }
  try {
    win.sessionStorage.clear()
  } catch {
    // As above.
  }
  win.location.reload()
}
