/**
 * Static catalogue of Postgres extensions shown on the database extensions screen (spec §3
 * "Extension catalogue"). Each entry describes the extension in our own words, the tags it is
 * filtered by, and, when the dashboard has a screen built on it, a link to that screen.
 *
 * `link` and `product_url` are route templates: `{ref}` is replaced by the project ref
 * (see `extensionLink`).
 */

export const EXTENSION_TAGS = [
  'Utility',
  'Admin',
  'Index',
  'Search',
  'Data Type',
  'Geo',
  'Audit',
  'Cryptography',
  'Language',
  'Testing',
  'AI',
  'Notifications',
  'Time Series',
  'Dataset',
] as const
export type ExtensionTag = (typeof EXTENSION_TAGS)[number]

export type CatalogueExtension = {
  name: string
  comment: string
  tags: readonly ExtensionTag[]
  /** Dashboard route template built on this extension, or null. */
  link: string | null
  github_url: string
  /** Dashboard product this extension powers, or null. */
  product: string | null
  product_url: string | null
  /** Postgres major versions on which the extension can no longer be enabled. */
  deprecated?: readonly number[]
}

/** Dashboard routes that the catalogue links to (spec §2). */
export const EXTENSION_ROUTES = {
  databaseGraphiql: '/project/{ref}/database/graphiql',
  columnPrivileges: '/project/{ref}/database/column-privileges',
  databaseHooks: '/project/{ref}/database/hooks',
  databaseWrappers: '/project/{ref}/database/wrappers',
  apiGraphiql: '/project/{ref}/api/graphiql',
  queryPerformance: '/project/{ref}/advisors/query-performance',
  cron: '/project/{ref}/integrations/cron',
  vaultSecrets: '/project/{ref}/settings/vault/secrets',
} as const

const github = (repo: string) => `https://github.com/${repo}`
const PG_SOURCE = github('postgres/postgres/tree/master')
const contrib = (dir: string) => `${PG_SOURCE}/contrib/${dir}`

type EntryInput = Omit<CatalogueExtension, 'link' | 'product' | 'product_url'> &
  Partial<Pick<CatalogueExtension, 'link' | 'product' | 'product_url'>>

const entry = ({ link = null, product = null, product_url = null, ...rest }: EntryInput): CatalogueExtension => ({
  ...rest,
  link,
  product,
  product_url,
})

/** An extension no dashboard screen is built on. */
const plain = (name: string, comment: string, tags: readonly ExtensionTag[], github_url: string, deprecated?: readonly number[]) =>
  entry(deprecated ? { name, comment, tags, github_url, deprecated } : { name, comment, tags, github_url })

/** Postgres 17 dropped support for these (spec §3 deprecated example). */
const DEPRECATED_ON_17 = [17] as const

export const EXTENSIONS: readonly CatalogueExtension[] = [
  // --- Dashboard-backed extensions -------------------------------------------------------
  entry({
    name: 'pg_stat_statements',
    comment: 'records planning and execution statistics for every SQL statement the server runs',
    tags: ['Admin'],
    link: EXTENSION_ROUTES.queryPerformance,
    github_url: contrib('pg_stat_statements'),
    product: 'Query Performance',
    product_url: EXTENSION_ROUTES.queryPerformance,
  }),
  entry({
    name: 'pg_cron',
    comment: 'runs SQL on a schedule written in cron syntax, from inside the database',
    tags: ['Utility'],
    link: EXTENSION_ROUTES.cron,
    github_url: github('citusdata/pg_cron'),
    product: 'Cron',
    product_url: EXTENSION_ROUTES.cron,
  }),
  entry({
    name: 'pg_net',
    comment: 'sends HTTP requests asynchronously from SQL without blocking the calling transaction',
    tags: ['Utility', 'Notifications'],
    link: EXTENSION_ROUTES.databaseHooks,
    github_url: github('supabase/pg_net'),
    product: 'Database Webhooks',
    product_url: EXTENSION_ROUTES.databaseHooks,
  }),
  entry({
    name: 'pg_graphql',
    comment: 'serves a GraphQL API generated from the database schema, resolved in SQL',
    tags: ['Utility'],
    link: EXTENSION_ROUTES.apiGraphiql,
    github_url: github('supabase/pg_graphql'),
    product: 'GraphiQL',
    product_url: EXTENSION_ROUTES.apiGraphiql,
  }),
  entry({
    name: 'wrappers',
    comment: 'framework of foreign data wrappers for querying external services and files as tables',
    tags: ['Utility'],
    link: EXTENSION_ROUTES.databaseWrappers,
    github_url: github('supabase/wrappers'),
    product: 'Foreign Data Wrappers',
    product_url: EXTENSION_ROUTES.databaseWrappers,
  }),
  entry({
    name: 'vault',
    comment: 'stores secrets encrypted at rest and decrypts them only through a dedicated view',
    tags: ['Cryptography'],
    link: EXTENSION_ROUTES.vaultSecrets,
    github_url: github('supabase/vault'),
    product: 'Vault',
    product_url: EXTENSION_ROUTES.vaultSecrets,
  }),
  entry({
    name: 'index_advisor',
    comment: 'suggests indexes that would speed up a given query, using hypothetical indexes',
    tags: ['Index', 'Admin'],
    link: EXTENSION_ROUTES.queryPerformance,
    github_url: github('supabase/index_advisor'),
    product: 'Query Performance',
    product_url: EXTENSION_ROUTES.queryPerformance,
  }),

  // --- AI, search and indexing -----------------------------------------------------------
  plain('vector', 'vector data type with exact and approximate nearest-neighbour search (pgvector)', ['AI', 'Data Type', 'Index'], github('pgvector/pgvector')),
  plain('pg_trgm', 'measures text similarity with trigrams and indexes it for fast LIKE and fuzzy matching', ['Search', 'Index'], contrib('pg_trgm')),
  plain('fuzzystrmatch', 'compares strings by sound and edit distance (Soundex, Metaphone, Levenshtein)', ['Search'], contrib('fuzzystrmatch')),
  plain('unaccent', 'text search dictionary that strips diacritics so accented and plain words match', ['Search'], contrib('unaccent')),
  plain('dict_int', 'text search dictionary that controls how integers are indexed', ['Search'], contrib('dict_int')),
  plain('dict_xsyn', 'text search dictionary that replaces words with groups of their synonyms', ['Search'], contrib('dict_xsyn')),
  plain('rum', 'index access method like GIN that also stores positions for faster ranked phrase search', ['Index', 'Search'], github('postgrespro/rum')),
  plain('pgroonga', 'full text search for every language, including those without spaces between words', ['Search', 'Index'], github('pgroonga/pgroonga')),
  plain('btree_gin', 'GIN operator classes that behave like B-tree, for multi-column GIN indexes', ['Index'], contrib('btree_gin')),
  plain('btree_gist', 'GiST operator classes that behave like B-tree, e.g. for exclusion constraints', ['Index'], contrib('btree_gist')),
  plain('hypopg', 'creates hypothetical indexes so the planner can show whether a real one would help', ['Index', 'Admin'], github('HypoPG/hypopg')),

  // --- Data types ------------------------------------------------------------------------
  plain('hstore', 'data type holding sets of text keys and values in a single column', ['Data Type'], contrib('hstore')),
  plain('citext', 'text type whose comparisons ignore letter case', ['Data Type'], contrib('citext')),
  plain('ltree', 'data type for labels of a tree path, with operators to search hierarchies', ['Data Type'], contrib('ltree')),
  plain('cube', 'data type for points and boxes in many dimensions', ['Data Type'], contrib('cube')),
  plain('seg', 'data type for line segments and floating-point intervals such as measurements', ['Data Type'], contrib('seg')),
  plain('isn', 'data types for international product and publication numbers (ISBN, EAN, UPC...)', ['Data Type'], contrib('isn')),
  plain('intarray', 'functions, operators and index support for arrays of integers without nulls', ['Data Type', 'Index'], contrib('intarray')),
  plain('lo', 'helpers to manage large objects, including a trigger that removes orphaned ones', ['Data Type'], contrib('lo')),
  plain('pg_jsonschema', 'validates json and jsonb values against a JSON Schema document', ['Data Type', 'Utility'], github('supabase/pg_jsonschema')),

  // --- Geo -------------------------------------------------------------------------------
  plain('postgis', 'geometry and geography types with spatial functions and indexes', ['Geo', 'Data Type'], github('postgis/postgis')),
  plain('postgis_topology', 'PostGIS types and functions to model shared edges and faces of topologies', ['Geo'], github('postgis/postgis')),
  plain('postgis_tiger_geocoder', 'geocodes and reverse-geocodes United States addresses from TIGER census data', ['Geo', 'Dataset'], github('postgis/postgis')),
  plain('address_standardizer', 'splits a postal address into normalised parts, for geocoding', ['Geo', 'Utility'], github('postgis/postgis')),
  plain('pgrouting', 'shortest-path and other network routing algorithms on top of PostGIS', ['Geo'], github('pgRouting/pgrouting')),
  plain('earthdistance', 'great-circle distances between points on the surface of the Earth', ['Geo'], contrib('earthdistance')),

  // --- Cryptography ----------------------------------------------------------------------
  plain('pgcrypto', 'hashing, password hashing and symmetric or public-key encryption functions', ['Cryptography'], contrib('pgcrypto')),
  plain('pgsodium', 'modern encryption built on libsodium, with server-managed keys', ['Cryptography'], github('michelp/pgsodium')),
  plain('pgjwt', 'signs and verifies JSON Web Tokens in SQL', ['Cryptography'], github('michelp/pgjwt'), DEPRECATED_ON_17),
  plain('sslinfo', 'reports details of the SSL certificate used by the current connection', ['Cryptography', 'Utility'], contrib('sslinfo')),

  // --- Languages -------------------------------------------------------------------------
  plain('plpgsql', 'the built-in procedural language for functions and triggers', ['Language'], `${PG_SOURCE}/src/pl/plpgsql`),
  plain('plv8', 'write functions in JavaScript, run by the V8 engine', ['Language'], github('plv8/plv8'), DEPRECATED_ON_17),
  plain('plcoffee', 'write functions in CoffeeScript, compiled and run by V8', ['Language'], github('plv8/plv8'), DEPRECATED_ON_17),
  plain('plls', 'write functions in LiveScript, compiled and run by V8', ['Language'], github('plv8/plv8'), DEPRECATED_ON_17),

  // --- Testing ---------------------------------------------------------------------------
  plain('pgtap', 'unit testing in SQL with TAP output', ['Testing'], github('theory/pgtap')),
  plain('plpgsql_check', 'static analysis of PL/pgSQL functions that finds errors before they run', ['Testing', 'Language'], github('okbob/plpgsql_check')),

  // --- Audit -----------------------------------------------------------------------------
  plain('pgaudit', 'detailed session and object audit logging through the standard log', ['Audit'], github('pgaudit/pgaudit')),
  plain('insert_username', 'trigger that stamps a column with the name of the role changing the row', ['Audit'], contrib('spi')),
  plain('moddatetime', 'trigger that sets a timestamp column to the time of the last change', ['Audit', 'Utility'], contrib('spi')),

  // --- Time series -----------------------------------------------------------------------
  plain('timescaledb', 'hypertables that partition time-series data automatically, with time-based analytics', ['Time Series'], github('timescale/timescaledb'), DEPRECATED_ON_17),

  // --- Notifications ---------------------------------------------------------------------
  plain('tcn', 'trigger that sends a NOTIFY event whenever a table changes', ['Notifications'], contrib('tcn')),

  // --- Utility ---------------------------------------------------------------------------
  plain('uuid-ossp', 'functions that generate UUIDs with the standard algorithms', ['Utility'], contrib('uuid-ossp')),
  plain('http', 'makes synchronous HTTP requests from SQL and returns the response', ['Utility'], github('pramsey/pgsql-http')),
  plain('pg_hashids', 'encodes integers into short, non-sequential ids and decodes them back', ['Utility'], github('iCyberon/pg_hashids')),
  plain('tablefunc', 'functions returning tables, including crosstab pivots and random normal values', ['Utility'], contrib('tablefunc')),
  plain('autoinc', 'trigger that fills a column from a sequence on insert or update', ['Utility'], contrib('spi')),
  plain('refint', 'triggers implementing referential integrity checks by hand (historical)', ['Utility'], contrib('spi')),
  plain('xml2', 'XPath queries and XSLT transforms over XML stored as text', ['Utility'], contrib('xml2')),
  plain('postgres_fdw', 'foreign data wrapper to query tables of another Postgres server', ['Utility'], contrib('postgres_fdw')),
  plain('dblink', 'opens connections to other Postgres databases and runs queries on them', ['Utility'], contrib('dblink')),

  // --- Administration --------------------------------------------------------------------
  plain('pg_repack', 'removes bloat from tables and indexes online, with only brief locks', ['Admin'], github('reorg/pg_repack')),
  plain('pg_partman', 'creates and maintains time- or number-based table partitions', ['Admin'], github('pgpartman/pg_partman')),
  plain('pgrowlocks', 'lists the row-level locks currently held on a table', ['Admin'], contrib('pgrowlocks')),
  plain('pgstattuple', 'reports tuple-level statistics such as dead rows and free space', ['Admin'], contrib('pgstattuple')),
  plain('pg_buffercache', 'shows what the shared buffer cache currently holds', ['Admin'], contrib('pg_buffercache')),
  plain('pg_prewarm', 'loads relations into the buffer cache ahead of use', ['Admin'], contrib('pg_prewarm')),
  plain('pg_walinspect', 'inspects the contents of the write-ahead log from SQL', ['Admin'], contrib('pg_walinspect')),
  plain('pg_visibility', 'examines the visibility map and page-level visibility of a table', ['Admin'], contrib('pg_visibility')),
  plain('pg_freespacemap', 'examines the free space map of a relation', ['Admin'], contrib('pg_freespacemap')),
  plain('amcheck', 'verifies the logical consistency of tables and B-tree indexes', ['Admin'], contrib('amcheck')),
]

/** Finds a catalogue entry by extension name. */
export function findExtension(name: string): CatalogueExtension | undefined {
  return EXTENSIONS.find((extension) => extension.name === name)
}

/** spec §3: true when the named extension is deprecated on the given Postgres major version. */
export function isExtensionDeprecated(name: string, postgresMajor: number): boolean {
  return findExtension(name)?.deprecated?.includes(postgresMajor) ?? false
}

/** Fills the `{ref}` placeholder of a route template with a project ref. */
export function projectRoute(template: string, ref: string): string {
  return template.replaceAll('{ref}', encodeURIComponent(ref))
}

/** The dashboard route of an extension for a project, or null when it has none. */
export function extensionLink(extension: Pick<CatalogueExtension, 'link'>, ref: string): string | null {
  return extension.link === null ? null : projectRoute(extension.link, ref)
}

/** Catalogue entries carrying a tag, in catalogue order. */
export function extensionsWithTag(tag: ExtensionTag): CatalogueExtension[] {
  return EXTENSIONS.filter((extension) => extension.tags.includes(tag))
}
