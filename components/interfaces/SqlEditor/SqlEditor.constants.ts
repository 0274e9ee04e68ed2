/** Timings and texts of the SQL editor (issue 5) that are not spec numbers. */

/** Shown above the editor when it was loaded from the local copy instead of the CDN. */
export const CDN_FALLBACK_NOTICE = 'The code editor could not load from the CDN; it was loaded from this server instead.'

/** Quiet time after the last keystroke before a snippet is saved. */
export const AUTOSAVE_DEBOUNCE_MS = 1_000

/** Said after Cancel: the request ends; a Postgres server stops the statement, PGlite cannot. */
export const CANCELLED_NOTICE =
  'The query was cancelled. On a Postgres server the statement is stopped too; an embedded database cannot interrupt one, so there the statement may still finish on the server: check before running it again.'

/** Longest text a result cell shows; the full value is in the copy and download actions. */
export const CELL_DISPLAY_MAX_CHARS = 500
