import type { Extensions } from '@electric-sql/pglite'
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
 * open, so the list only grows. Loading all of them adds about 0.6 s to opening a database.
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
