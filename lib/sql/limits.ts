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

/**
 * Most bytes of rows one streamed result carries (their JSON, 128 MiB): past it the platform stops
 * the query and says so, rather than let a tab run out of memory. A browser may ask for less.
 */
export const SQL_STREAM_MAX_BYTES = 128 * MIB

/** The request header in which a browser says how many bytes of rows it will hold (at most SQL_STREAM_MAX_BYTES). */
export const SQL_STREAM_MAX_BYTES_HEADER = 'x-result-max-bytes'

/** The media type of a streamed result (`Accept` asks for it): one JSON line after another. */
export const SQL_STREAM_MEDIA_TYPE = 'application/x-ndjson'
