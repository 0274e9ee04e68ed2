/** Timings and places of the code editor's loader (not spec numbers). */
import { BASE_PATH } from '@/lib/config'
import { CODE_EDITOR_VERSION } from '@/lib/constants'

/** How long the CDN gets to serve the code editor's loader before the local copy is used. */
export const MONACO_CDN_TIMEOUT_MS = 4_000

/** How long the editor may take to appear once its source is chosen before it counts as failed. */
export const MONACO_MOUNT_TIMEOUT_MS = 20_000

/**
 * The local copy of monaco-editor (public/monaco/{version}/vs, copied at build time). The version
 * is in the path so browsers keep the files for good (next.config.ts: immutable) and a new version
 * is a new address.
 */
export const MONACO_LOCAL_PATH = `${BASE_PATH}/monaco/${CODE_EDITOR_VERSION}/vs`

/**
 * localStorage: when the CDN last failed (ms since the epoch). For MONACO_LOCAL_REMEMBER_MS after
 * that, every page load uses the local copy straight away, without trying the CDN again or
 * warning again (issue 26: each visit waited for the CDN and warned).
 */
export const MONACO_LOCAL_SINCE_KEY = 'dashboard-monaco-local-since'
export const MONACO_LOCAL_REMEMBER_MS = 7 * 24 * 60 * 60 * 1000

/**
 * How long the page's main thread must have been quiet (no task over 50 ms) after its load before
 * a code editor loads Monaco on its own; the user reaching for the editor (pointer, focus, key)
 * loads it at once. Monaco's evaluation blocks the main thread for a few hundred ms: after a
 * quiet window this long (Time to Interactive's) it no longer delays the page's first interactions.
 */
export const MONACO_IDLE_LOAD_MS = 5_000
