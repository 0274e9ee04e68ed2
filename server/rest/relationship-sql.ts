/**
 * The catalogue rows relationship-graph.ts builds an origin's relationships from, in one
 * statement ($1: the origin as a regclass text, $2: its schema, $3: the embedded name), reading
 * only what can touch it: the origin and the relations a view reads (through views of views), the
 * foreign keys from and to those, the foreign keys to the embedded name's relations of a table
 * referring to them (a junction's other one), and the columns of the views that may take part.
 */

/** The relations a view of `from`'s reads, and so on through views of views. */
const READS = (name: string, seed: string) => `${name}(oid) as (
    ${seed}
    union
    select d.refobjid from ${name} s join pg_catalog.pg_rewrite r on r.ev_class = s.oid
      join pg_catalog.pg_depend d on d.classid = 'pg_catalog.pg_rewrite'::pg_catalog.regclass and d.objid = r.oid
       and d.refclassid = 'pg_catalog.pg_class'::pg_catalog.regclass
  )`

/**
 * Each foreign key: its [column, referenced column] pairs, whether its columns are a primary or
 * unique key of their table (one-to-one: the same set of column numbers), and whether they lie
 * within the primary key (a junction's).
 */
const FOREIGN_KEYS = `select c.conname::pg_catalog.text as name, tn.nspname::pg_catalog.text as schema, t.relname::pg_catalog.text as table,
       fn.nspname::pg_catalog.text as fschema, f.relname::pg_catalog.text as ftable,
       (select pg_catalog.json_agg(pg_catalog.json_build_array(a.attname, b.attname) order by k.i)
          from rows from (pg_catalog.unnest(c.conkey), pg_catalog.unnest(c.confkey)) with ordinality as k(n, m, i)
          join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n
          join pg_catalog.pg_attribute b on b.attrelid = c.confrelid and b.attnum = k.m) as cols,
       exists (select from pg_catalog.pg_constraint u
                where u.conrelid = c.conrelid and u.contype in ('p', 'u') and u.conkey @> c.conkey and u.conkey <@ c.conkey) as one_to_one,
       exists (select from pg_catalog.pg_constraint p where p.conrelid = c.conrelid and p.contype = 'p' and p.conkey @> c.conkey) as in_pk
  from keys c
  join pg_catalog.pg_class t on t.oid = c.conrelid join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
  join pg_catalog.pg_class f on f.oid = c.confrelid join pg_catalog.pg_namespace fn on fn.oid = f.relnamespace`

/**
 * The columns those views take straight from a table's (or view's) column: the top-level target
 * entries of each view's rule (the last entry of each number in its text; the ones of subqueries
 * come before it), whose name is the view column's.
 */
const VIEW_COLUMNS = `select vn.nspname::pg_catalog.text as schema, v.relname::pg_catalog.text as view, va.attname::pg_catalog.text as column,
       tn.nspname::pg_catalog.text as sschema, t.relname::pg_catalog.text as stable, ta.attname::pg_catalog.text as scolumn
  from entries e
  join pg_catalog.pg_class v on v.oid = e.view
  join pg_catalog.pg_namespace vn on vn.oid = v.relnamespace
  join pg_catalog.pg_attribute va on va.attrelid = v.oid and va.attnum = e.m[1]::pg_catalog.int2 and va.attname::pg_catalog.text = e.m[2]
  join pg_catalog.pg_class t on t.oid = e.m[3]::pg_catalog.oid
  join pg_catalog.pg_namespace tn on tn.oid = t.relnamespace
  join pg_catalog.pg_attribute ta on ta.attrelid = t.oid and ta.attnum = e.m[4]::pg_catalog.int2`

/** The target entries of the rules of those views (the regular expression, the costly part, runs on those alone). */
const ENTRIES = `entries as materialized (
    select r.ev_class as view, e.m from pg_catalog.pg_rewrite r
     cross join lateral (select distinct on (x.m[1]) x.m from pg_catalog.regexp_matches(r.ev_action::pg_catalog.text,
         ':resno (\\d+) :resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') with ordinality as x(m, i)
       order by x.m[1], x.i desc) e
     where r.ev_type = '1' and r.ev_class in (select v.oid from pg_catalog.pg_class v where v.oid in (select oid from views) and v.relkind in ('v', 'm'))
  )`

/**
 * A view is embedded by its name alone (never by a foreign key's or column's), so the views read
 * are the origin's own and the one named $3, each with the views it reads.
 */
const SCOPE = `with recursive
  ${READS('base', 'select pg_catalog.to_regclass($1)::pg_catalog.oid')},
  ${READS('views', `select pg_catalog.to_regclass($1)::pg_catalog.oid
    union select c.oid from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relname = $3 and n.nspname = $2 and c.relkind in ('v', 'm')`)},
  near(oid) as (
    select oid from base
    union select c.conrelid from pg_catalog.pg_constraint c where c.contype = 'f' and c.confrelid in (select oid from base)
  ),
  keys as (
    select c.* from pg_catalog.pg_constraint c
     where c.contype = 'f' and c.conparentid = 0 and (c.conrelid in (select oid from base) or c.confrelid in (select oid from base)
       or (c.conrelid in (select oid from near) and (c.confrelid in (select oid from views)
         or c.confrelid in (select oid from pg_catalog.pg_class where relname = $3))))
  ),
  ${ENTRIES}`

/** For a catalogue statement whose result's types its text alone decides: its description comes from the cache (one round trip less on PGlite). */
export const FIXED_TYPES = { describeKey: 'catalogue' } as const

/** Both as JSON arrays of rows (`keys`, `views`). */
export const GRAPH_SQL = `${SCOPE}
select (select coalesce(pg_catalog.json_agg(k), '[]') from (${FOREIGN_KEYS}) as k)::pg_catalog.text as keys,
       (select coalesce(pg_catalog.json_agg(v), '[]') from (${VIEW_COLUMNS}) as v)::pg_catalog.text as views`
