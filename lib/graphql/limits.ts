/** Limits of the GraphQL endpoint, shared by the server and the explorer. */

/** Longest query text accepted (characters; longer bodies answer 400). */
export const GRAPHQL_QUERY_MAX_LENGTH = 100_000
/** Deepest field nesting of an operation (introspection fields excepted). */
export const GRAPHQL_MAX_DEPTH = 12
/** Page size of a collection when `first`/`last` is not given. */
export const GRAPHQL_DEFAULT_PAGE_SIZE = 30
/** Largest `first`/`last` (and `atMost`) accepted. */
export const GRAPHQL_MAX_PAGE_SIZE = 1000
/** Queries kept in the explorer's history, per project. */
export const GRAPHQL_HISTORY_LIMIT = 20
