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

const PG_SOURCE = 'https://github.com/postgres/postgres/tree/master'
const contrib = (dir: string) => `${PG_SOURCE}/contrib/${dir}`

type EntryInput = Omit<CatalogueExtension, 'link' | 'product' | 'product_url'> &
  Partial<Pick<CatalogueExtension, 'link' | 'product' | 'product_url'>>

const entry = ({ link = null, product = null, product_url = null, ...rest }: EntryInput): CatalogueExtension => ({
  ...rest,
  link,
  product,
  product_url,
})

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
    github_url: 'https://github.com/citusdata/pg_cron',
    product: 'Cron',
    product_url: EXTENSION_ROUTES.cron,
  }),
  entry({
    name: 'pg_net',
    comment: 'sends HTTP requests asynchronously from SQL without blocking the calling transaction',
    tags: ['Utility', 'Notifications'],
    link: EXTENSION_ROUTES.databaseHooks,
    github_url: 'https://github.com/supabase/pg_net',
    product: 'Database Webhooks',
    product_url: EXTENSION_ROUTES.databaseHooks,
  }),
  entry({
    name: 'pg_graphql',
    comment: 'serves a GraphQL API generated from the database schema, resolved in SQL',
    tags: ['Utility'],
    link: EXTENSION_ROUTES.apiGraphiql,
    github_url: 'https://github.com/supabase/pg_graphql',
    product: 'GraphiQL',
    product_url: EXTENSION_ROUTES.apiGraphiql,
  }),
  entry({
    name: 'wrappers',
    comment: 'framework of foreign data wrappers for querying external services and files as tables',
    tags: ['Utility'],
    link: EXTENSION_ROUTES.databaseWrappers,
    github_url: 'https://github.com/supabase/wrappers',
    product: 'Foreign Data Wrappers',
    product_url: EXTENSION_ROUTES.databaseWrappers,
  }),
  entry({
    name: 'vault',
    comment: 'stores secrets encrypted at rest and decrypts them only through a dedicated view',
    tags: ['Cryptography'],
    link: EXTENSION_ROUTES.vaultSecrets,
    github_url: 'https://github.com/supabase/vault',
    product: 'Vault',
    product_url: EXTENSION_ROUTES.vaultSecrets,
  }),
  entry({
    name: 'index_advisor',
    comment: 'suggests indexes that would speed up a given query, using hypothetical indexes',
    tags: ['Index', 'Admin'],
    link: EXTENSION_ROUTES.queryPerformance,
    github_url: 'https://github.com/supabase/index_advisor',
    product: 'Query Performance',
    product_url: EXTENSION_ROUTES.queryPerformance,
  }),

  // --- AI, search and indexing -----------------------------------------------------------
  entry({
    name: 'vector',
    comment: 'vector data type with exact and approximate nearest-neighbour search (pgvector)',
    tags: ['AI', 'Data Type', 'Index'],
    github_url: 'https://github.com/pgvector/pgvector',
  }),
  entry({
    name: 'pg_trgm',
    comment: 'measures text similarity with trigrams and indexes it for fast LIKE and fuzzy matching',
    tags: ['Search', 'Index'],
    github_url: contrib('pg_trgm'),
  }),
  entry({
    name: 'fuzzystrmatch',
    comment: 'compares strings by sound and edit distance (Soundex, Metaphone, Levenshtein)',
    tags: ['Search'],
    github_url: contrib('fuzzystrmatch'),
  }),
  entry({
    name: 'unaccent',
    comment: 'text search dictionary that strips diacritics so accented and plain words match',
    tags: ['Search'],
    github_url: contrib('unaccent'),
  }),
  entry({
    name: 'dict_int',
    comment: 'text search dictionary that controls how integers are indexed',
    tags: ['Search'],
    github_url: contrib('dict_int'),
  }),
  entry({
    name: 'dict_xsyn',
    comment: 'text search dictionary that replaces words with groups of their synonyms',
    tags: ['Search'],
    github_url: contrib('dict_xsyn'),
  }),
  entry({
    name: 'rum',
    comment: 'index access method like GIN that also stores positions for faster ranked phrase search',
    tags: ['Index', 'Search'],
    github_url: 'https://github.com/postgrespro/rum',
  }),
  entry({
    name: 'pgroonga',
    comment: 'full text search for every language, including those without spaces between words',
    tags: ['Search', 'Index'],
    github_url: 'https://github.com/pgroonga/pgroonga',
  }),
  entry({
    name: 'btree_gin',
    comment: 'GIN operator classes that behave like B-tree, for multi-column GIN indexes',
    tags: ['Index'],
    github_url: contrib('btree_gin'),
  }),
  entry({
    name: 'btree_gist',
    comment: 'GiST operator classes that behave like B-tree, e.g. for exclusion constraints',
    tags: ['Index'],
    github_url: contrib('btree_gist'),
  }),
  entry({
    name: 'hypopg',
    comment: 'creates hypothetical indexes so the planner can show whether a real one would help',
    tags: ['Index', 'Admin'],
    github_url: 'https://github.com/HypoPG/hypopg',
  }),

  // --- Data types ------------------------------------------------------------------------
  entry({
    name: 'hstore',
    comment: 'data type holding sets of text keys and values in a single column',
    tags: ['Data Type'],
    github_url: contrib('hstore'),
  }),
  entry({
    name: 'citext',
    comment: 'text type whose comparisons ignore letter case',
    tags: ['Data Type'],
    github_url: contrib('citext'),
  }),
  entry({
    name: 'ltree',
    comment: 'data type for labels of a tree path, with operators to search hierarchies',
    tags: ['Data Type'],
    github_url: contrib('ltree'),
  }),
  entry({
    name: 'cube',
    comment: 'data type for points and boxes in many dimensions',
    tags: ['Data Type'],
    github_url: contrib('cube'),
  }),
  entry({
    name: 'seg',
    comment: 'data type for line segments and floating-point intervals such as measurements',
    tags: ['Data Type'],
    github_url: contrib('seg'),
  }),
  entry({
    name: 'isn',
    comment: 'data types for international product and publication numbers (ISBN, EAN, UPC...)',
    tags: ['Data Type'],
    github_url: contrib('isn'),
  }),
  entry({
    name: 'intarray',
    comment: 'functions, operators and index support for arrays of integers without nulls',
    tags: ['Data Type', 'Index'],
    github_url: contrib('intarray'),
  }),
  entry({
    name: 'lo',
    comment: 'helpers to manage large objects, including a trigger that removes orphaned ones',
    tags: ['Data Type'],
    github_url: contrib('lo'),
  }),
  entry({
    name: 'pg_jsonschema',
    comment: 'validates json and jsonb values against a JSON Schema document',
    tags: ['Data Type', 'Utility'],
    github_url: 'https://github.com/supabase/pg_jsonschema',
  }),

  // --- Geo -------------------------------------------------------------------------------
  entry({
    name: 'postgis',
    comment: 'geometry and geography types with spatial functions and indexes',
    tags: ['Geo', 'Data Type'],
    github_url: 'https://github.com/postgis/postgis',
  }),
  entry({
    name: 'postgis_topology',
    comment: 'PostGIS types and functions to model shared edges and faces of topologies',
    tags: ['Geo'],
    github_url: 'https://github.com/postgis/postgis',
  }),
  entry({
    name: 'postgis_tiger_geocoder',
    comment: 'geocodes and reverse-geocodes United States addresses from TIGER census data',
    tags: ['Geo', 'Dataset'],
    github_url: 'https://github.com/postgis/postgis',
  }),
  entry({
    name: 'address_standardizer',
    comment: 'splits a postal address into normalised parts, for geocoding',
    tags: ['Geo', 'Utility'],
    github_url: 'https://github.com/postgis/postgis',
  }),
  entry({
    name: 'pgrouting',
    comment: 'shortest-path and other network routing algorithms on top of PostGIS',
    tags: ['Geo'],
    github_url: 'https://github.com/pgRouting/pgrouting',
  }),
  entry({
    name: 'earthdistance',
    comment: 'great-circle distances between points on the surface of the Earth',
    tags: ['Geo'],
    github_url: contrib('earthdistance'),
  }),

  // --- Cryptography ----------------------------------------------------------------------
  entry({
    name: 'pgcrypto',
    comment: 'hashing, password hashing and symmetric or public-key encryption functions',
    tags: ['Cryptography'],
    github_url: contrib('pgcrypto'),
  }),
  entry({
    name: 'pgsodium',
    comment: 'modern encryption built on libsodium, with server-managed keys',
    tags: ['Cryptography'],
    github_url: 'https://github.com/michelp/pgsodium',
  }),
  entry({
    name: 'pgjwt',
    comment: 'signs and verifies JSON Web Tokens in SQL',
    tags: ['Cryptography'],
    github_url: 'https://github.com/michelp/pgjwt',
    deprecated: DEPRECATED_ON_17,
  }),
  entry({
    name: 'sslinfo',
    comment: 'reports details of the SSL certificate used by the current connection',
    tags: ['Cryptography', 'Utility'],
    github_url: contrib('sslinfo'),
  }),

  // --- Languages -------------------------------------------------------------------------
  entry({
    name: 'plpgsql',
    comment: 'the built-in procedural language for functions and triggers',
    tags: ['Language'],
    github_url: `${PG_SOURCE}/src/pl/plpgsql`,
  }),
  entry({
    name: 'plv8',
    comment: 'write functions in JavaScript, run by the V8 engine',
    tags: ['Language'],
    github_url: 'https://github.com/plv8/plv8',
    deprecated: DEPRECATED_ON_17,
  }),
  entry({
    name: 'plcoffee',
    comment: 'write functions in CoffeeScript, compiled and run by V8',
    tags: ['Language'],
    github_url: 'https://github.com/plv8/plv8',
    deprecated: DEPRECATED_ON_17,
  }),
  entry({
    name: 'plls',
    comment: 'write functions in LiveScript, compiled and run by V8',
    tags: ['Language'],
    github_url: 'https://github.com/plv8/plv8',
    deprecated: DEPRECATED_ON_17,
  }),

  // --- Testing ---------------------------------------------------------------------------
  entry({
    name: 'pgtap',
    comment: 'unit testing in SQL with TAP output',
    tags: ['Testing'],
    github_url: 'https://github.com/theory/pgtap',
  }),
  entry({
    name: 'plpgsql_check',
    comment: 'static analysis of PL/pgSQL functions that finds errors before they run',
    tags: ['Testing', 'Language'],
    github_url: 'https://github.com/okbob/plpgsql_check',
  }),

  // --- Audit -----------------------------------------------------------------------------
  entry({
    name: 'pgaudit',
    comment: 'detailed session and object audit logging through the standard log',
    tags: ['Audit'],
    github_url: 'https://github.com/pgaudit/pgaudit',
  }),
  entry({
    name: 'insert_username',
    comment: 'trigger that stamps a column with the name of the role changing the row',
    tags: ['Audit'],
    github_url: contrib('spi'),
  }),
  entry({
    name: 'moddatetime',
    comment: 'trigger that sets a timestamp column to the time of the last change',
    tags: ['Audit', 'Utility'],
    github_url: contrib('spi'),
  }),

  // --- Time series -----------------------------------------------------------------------
  entry({
    name: 'timescaledb',
    comment: 'hypertables that partition time-series data automatically, with time-based analytics',
    tags: ['Time Series'],
    github_url: 'https://github.com/timescale/timescaledb',
    deprecated: DEPRECATED_ON_17,
  }),

  // --- Notifications ---------------------------------------------------------------------
  entry({
    name: 'tcn',
    comment: 'trigger that sends a NOTIFY event whenever a table changes',
    tags: ['Notifications'],
    github_url: contrib('tcn'),
  }),

  // --- Utility ---------------------------------------------------------------------------
  entry({
    name: 'uuid-ossp',
    comment: 'functions that generate UUIDs with the standard algorithms',
    tags: ['Utility'],
    github_url: contrib('uuid-ossp'),
  }),
  entry({
    name: 'http',
    comment: 'makes synchronous HTTP requests from SQL and returns the response',
    tags: ['Utility'],
    github_url: 'https://github.com/pramsey/pgsql-http',
  }),
  entry({
    name: 'pg_hashids',
    comment: 'encodes integers into short, non-sequential ids and decodes them back',
    tags: ['Utility'],
    github_url: 'https://github.com/iCyberon/pg_hashids',
  }),
  entry({
    name: 'tablefunc',
    comment: 'functions returning tables, including crosstab pivots and random normal values',
    tags: ['Utility'],
    github_url: contrib('tablefunc'),
  }),
  entry({
    name: 'autoinc',
    comment: 'trigger that fills a column from a sequence on insert or update',
    tags: ['Utility'],
    github_url: contrib('spi'),
  }),
  entry({
    name: 'refint',
    comment: 'triggers implementing referential integrity checks by hand (historical)',
    tags: ['Utility'],
    github_url: contrib('spi'),
  }),
  entry({
    name: 'xml2',
    comment: 'XPath queries and XSLT transforms over XML stored as text',
    tags: ['Utility'],
    github_url: contrib('xml2'),
  }),
  entry({
    name: 'postgres_fdw',
    comment: 'foreign data wrapper to query tables of another Postgres server',
    tags: ['Utility'],
    github_url: contrib('postgres_fdw'),
  }),
  entry({
    name: 'dblink',
    comment: 'opens connections to other Postgres databases and runs queries on them',
    tags: ['Utility'],
    github_url: contrib('dblink'),
  }),

  // --- Administration --------------------------------------------------------------------
  entry({
    name: 'pg_repack',
    comment: 'removes bloat from tables and indexes online, with only brief locks',
    tags: ['Admin'],
    github_url: 'https://github.com/reorg/pg_repack',
  }),
  entry({
    name: 'pg_partman',
    comment: 'creates and maintains time- or number-based table partitions',
    tags: ['Admin'],
    github_url: 'https://github.com/pgpartman/pg_partman',
  }),
  entry({
    name: 'pgrowlocks',
    comment: 'lists the row-level locks currently held on a table',
    tags: ['Admin'],
    github_url: contrib('pgrowlocks'),
  }),
  entry({
    name: 'pgstattuple',
    comment: 'reports tuple-level statistics such as dead rows and free space',
    tags: ['Admin'],
    github_url: contrib('pgstattuple'),
  }),
  entry({
    name: 'pg_buffercache',
    comment: 'shows what the shared buffer cache currently holds',
    tags: ['Admin'],
    github_url: contrib('pg_buffercache'),
  }),
  entry({
    name: 'pg_prewarm',
    comment: 'loads relations into the buffer cache ahead of use',
    tags: ['Admin'],
    github_url: contrib('pg_prewarm'),
  }),
  entry({
    name: 'pg_walinspect',
    comment: 'inspects the contents of the write-ahead log from SQL',
    tags: ['Admin'],
    github_url: contrib('pg_walinspect'),
  }),
  entry({
    name: 'pg_visibility',
    comment: 'examines the visibility map and page-level visibility of a table',
    tags: ['Admin'],
    github_url: contrib('pg_visibility'),
  }),
  entry({
    name: 'pg_freespacemap',
    comment: 'examines the free space map of a relation',
    tags: ['Admin'],
    github_url: contrib('pg_freespacemap'),
  }),
  entry({
    name: 'amcheck',
    comment: 'verifies the logical consistency of tables and B-tree indexes',
    tags: ['Admin'],
    github_url: contrib('amcheck'),
  }),
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
