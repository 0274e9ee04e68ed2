/**
 * Numbers of the SQL editor and its snippets (issue 5) that the browser and the platform share.
 * Pure values: both the client and `server/` import them.
 */
import { MIB } from '@/lib/constants'

/**
 * Most rows one query answers with: the platform cuts the result there and says `truncated`
 * (server/projects/run-query.ts MAX_RESULT_ROWS; a test keeps the two equal).
 */
export const SQL_RESULT_ROW_CAP = 100_000

/** Longest snippet name, in characters. */
export const SNIPPET_NAME_MAX_LENGTH = 256

/** Largest snippet text, in UTF-8 bytes (1 MiB); the request body limit is the same. */
export const SNIPPET_SQL_MAX_BYTES = MIB

/** Snippets one user keeps in one project: bounds what one account can store. */
export const SNIPPETS_PER_PROJECT_LIMIT = 1_000

/** Name of a snippet created from the editor before the user names it. */
export const DEFAULT_SNIPPET_NAME = 'Untitled query'
