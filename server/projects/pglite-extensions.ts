import fs from 'node:fs'
import path from 'node:path'
import type { Extensions } from '@electric-sql/pglite'
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from '@/lib/config'
import { amcheck } from '@electric-sql/pglite/contrib/amcheck'
import { bloom } from '@electric-sql/pglite/contrib/bloom'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { dict_int } from '@electric-sql/pglite/contrib/dict_int'
import { dict_xsyn } from '@electric-sql/pglite/contrib/dict_xsyn'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { file_fdw } from '@electric-sql/pglite/contrib/file_fdw'
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch'
import { hstore } from '@electric-sql/pglite/contrib/hstore'
import { intarray } from '@electric-sql/pglite/contrib/intarray'
import { isn } from '@electric-sql/pglite/contrib/isn'
import { lo } from '@electric-sql/pglite/contrib/lo'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime'
import { pageinspect } from '@electric-sql/pglite/contrib/pageinspect'
import { pg_buffercache } from '@electric-sql/pglite/contrib/pg_buffercache'
import { pg_freespacemap } from '@electric-sql/pglite/contrib/pg_freespacemap'
import { pg_stat_statements } from '@electric-sql/pglite/contrib/pg_stat_statements'
import { pg_surgery } from '@electric-sql/pglite/contrib/pg_surgery'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pg_visibility } from '@electric-sql/pglite/contrib/pg_visibility'
import { pg_walinspect } from '@electric-sql/pglite/contrib/pg_walinspect'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { seg } from '@electric-sql/pglite/contrib/seg'
import { tablefunc } from '@electric-sql/pglite/contrib/tablefunc'
import { tcn } from '@electric-sql/pglite/contrib/tcn'
import { tsm_system_rows } from '@electric-sql/pglite/contrib/tsm_system_rows'
import { tsm_system_time } from '@electric-sql/pglite/contrib/tsm_system_time'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'

/**
 * The Postgres contrib extensions PGlite ships, handed to every project database it opens: a
 * project can then enable them from the extensions screen (`CREATE EXTENSION`), as on a Postgres
 * server with contrib installed. A database that enabled one needs its bundle at every later
 * open, so the list only grows. pg_stat_statements asks PGlite to preload its library, which
 * PGlite writes into the directory's postgresql.conf: from then on the directory cannot be
 * opened without that bundle (see `pglitePostgresqlConf`). The bundles are unpacked at each open,
 * but a library is compiled only when Postgres first loads it (`lazyLibraries` in
 * pglite-worker.mjs): a database pays for the extensions it uses, not for all 33 (about 55 MB).
 */
export const PGLITE_CONTRIB_EXTENSIONS: Extensions = {
  amcheck,
  bloom,
  btree_gin,
  btree_gist,
  citext,
  cube,
  dict_int,
  dict_xsyn,
  earthdistance,
  file_fdw,
  fuzzystrmatch,
  hstore,
  intarray,
  isn,
  lo,
  ltree,
  moddatetime,
  pageinspect,
  pg_buffercache,
  pg_freespacemap,
  pg_stat_statements,
  pg_surgery,
  pg_trgm,
  pg_visibility,
  pg_walinspect,
  pgcrypto,
  seg,
  tablefunc,
  tcn,
  tsm_system_rows,
  tsm_system_time,
  unaccent,
  uuid_ossp,
}

/**
 * What initdb writes into a PGlite cluster's postgresql.conf (PGlite 0.5): the settings a project
 * database has always run with (UTC, English text search, ...). initdb's 128 MB of shared buffers
 * are replaced at every open by PGLITE_SHARED_BUFFERS_MB (see `pglitePostgresqlConf`).
 */
const INITDB_SETTINGS: readonly [string, string][] = [
  ['max_connections', '100'],
  ['shared_buffers', '128MB'],
  ['dynamic_shared_memory_type', 'posix'],
  ['max_wal_size', '1GB'],
  ['min_wal_size', '80MB'],
  ['log_file_mode', '0640'],
  ['log_timezone', 'UTC'],
  ['autovacuum_worker_slots', '16'],
  ['datestyle', "'iso, mdy'"],
  ['timezone', 'UTC'],
  ['lc_messages', 'C'],
  ['lc_monetary', 'C'],
  ['lc_numeric', 'C'],
  ['lc_time', 'C'],
  // Member statements run inside the jail's function (issue 9): track nested statements too, so
  // query performance sees them.
  ['pg_stat_statements.track', 'all'],
  ['default_text_search_config', "'pg_catalog.english'"],
]

/**
 * The postgresql.conf to hand to PGlite when opening `dir`. An extension that needs preloading
 * (pg_stat_statements) makes PGlite rewrite the directory's postgresql.conf at every start with
 * only the `postgresqlconf` option plus `shared_preload_libraries`: without this, initdb's
 * settings would be lost (time zone GMT instead of UTC, 'simple' text search instead of English,
 * 8 MB of shared buffers). Keeps the file as it is and adds back any initdb setting it lacks
 * (a directory opened by a build that did not pass this option has lost them).
 *
 * Shared buffers are `sharedBuffersMb` (PGLITE_SHARED_BUFFERS_MB, default 16), whatever the file said: PGlite
 * touches every page of them at start, in the WASM memory of each open database, so initdb's 128 MB
 * cost about 110 MB of RSS per open project (bench/memory.mjs); a project's pages are also in the
 * system's file cache, and a scan of a table over a quarter of the buffers uses a small ring
 * of them anyway, as on any Postgres.
 */
export function pglitePostgresqlConf(dir: string, sharedBuffersMb = DEFAULT_PGLITE_SHARED_BUFFERS_MB): string {
  const file = path.join(dir, 'postgresql.conf')
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
  const sharedBuffers = `shared_buffers = ${sharedBuffersMb}MB`
  const lines = current.split('\n').map((line) => (settingName(line) === 'shared_buffers' ? sharedBuffers : line))
  const set = new Set(lines.map(settingName).filter((name): name is string => Boolean(name)))
  const missing = INITDB_SETTINGS.filter(([name]) => !set.has(name)).map(([name, value]) => (name === 'shared_buffers' ? sharedBuffers : `${name} = ${value}`))
  return [lines.join('\n').trimEnd(), ...missing].filter(Boolean).join('\n') + '\n'
}

function settingName(line: string): string | undefined {
  return /^\s*([A-Za-z_.]+)\s*=/.exec(line)?.[1]?.toLowerCase()
}
