import { isRefusedExtension, REFUSED_EXTENSION_MESSAGE } from '@/lib/database/extensions'
import { splitStatements } from '@/lib/sql/statements'
import type { ProjectSession, RawResult } from './engines'
import { quoteLiteral, grantReadonlyUsageSql, type JailRole, type ProjectRoles } from './jail'
import { jailedCall, typeInfos, type Described } from './jail-call'
import { runConcurrentIndex } from './concurrent-index'
import { MigrationRecorder, type MigrationRecordInput } from './migration-record'

/**
 * Runs a member's SQL in the jail (see jail.ts): each statement is described by the platform
 * (parse analysis only, nothing runs), then executed inside the SECURITY DEFINER function of
 * the member's role. Around it the platform sends only fixed text:
 * - a script of several statements runs in one transaction, as Postgres runs a multi-statement
 *   query (a failing statement rolls back the whole script); explicit BEGIN/COMMIT/ROLLBACK and
 *   savepoints, recognised by a strict pattern, are sent by the platform itself;
 * - VACUUM (which cannot run inside a function) is sent as is when it matches a strict pattern;
 * - CREATE INDEX CONCURRENTLY (nor can it) is sent alone as the owner on a server (concurrent-index.ts);
 * - CREATE/DROP EXTENSION, recognised the same way, run in the platform's privileged session
 *   (the extension scripts need a superuser), except for untrusted languages, which are refused.
 */

export type MemberRun = {
  query: string
  parameters?: unknown[]
  /** One statement only (parameters, Read-only members). */
  single: boolean
  role: JailRole
  roles: ProjectRoles
  /** The cluster holds this project alone (PGlite): cluster-wide statistics are the project's own. */
  singleTenant: boolean
  /** Record the run's schema changes as a migration (migration-record.ts); owner runs of scripts only. */
  record?: MigrationRecordInput
}

/** The cursor a streamed result is read from (stream-query.ts): over the jail's call, never inside it. */
export const STREAM_CURSOR = '__sql_stream'


import { classify, sqlError, type Classified, type MemberSqlError } from './member-sql-classify'

export { paramText, typeInfos } from './jail-call'

export { classify, sqlError, type Classified, type MemberSqlError } from './member-sql-classify'

const EMPTY: RawResult = { command: null, rowCount: null, rows: [], fields: [] }

/** Throws a member statement's error with its position in the script and only the member's own context. */
export function offsetError(error: unknown, statement: { text: string; start: number }, atDescribe: boolean): never {
  const e = error as MemberSqlError
  if (e && typeof e.code === 'string') {
    if (atDescribe && e.position) e.position = String(Number(e.position) + statement.start)
    else if (!atDescribe && e.internalPosition && e.internalQuery === statement.text) {
      e.position = String(Number(e.internalPosition) + statement.start)
    }
    // The jail is the platform's business, not the member's: keep only the member's own context.
    if (e.where) {
      const own = `SQL statement "${statement.text}"`
      e.where = e.where.split('\n').filter((line) => !line.includes('platform_jail.') && line !== own).join('\n') || undefined
    }
  }
  throw error
}

async function runJailed(session: ProjectSession, run: MemberRun, statement: { text: string; start: number }, params: unknown[] | undefined, cursor = false): Promise<RawResult> {
  let described: Described
  try {
    described = await session.describe(statement.text)
  } catch (error) {
    offsetError(error, statement, true)
  }
  const types = await typeInfos(session, [...described.paramTypes, ...described.fields.map((f) => f.dataTypeID)])
  const call = jailedCall(run.role, statement.text, params, described, types)
  try {
    // Streamed: the same jail call, read later in chunks (columns c1…cn) by the platform's FETCH.
    if (cursor && described.fields.length > 0) {
      await session.extended(`declare ${STREAM_CURSOR} no scroll cursor for ${call.sql()}`, call.values)
      return { ...call.finish(EMPTY), rowCount: null }
    }
    return call.finish(await session.extended(call.sql(), call.values))
  } catch (error) {
    offsetError(error, statement, false)
  }
}

/** A platform-written statement run in the jail as `run.role` (table-io: what a member's import does is done with the member's rights). */
export function runJailedText(session: ProjectSession, run: MemberRun, text: string, params?: unknown[]): Promise<RawResult> {
  return runJailed(session, run, { text, start: 0 }, params)
}

/**
 * A platform-written query's rows as COPY writes them (`options`: `format csv`), read in the jail
 * as `run.role`: the COPY's query is the jail's call, with the statement and its parameters as
 * literals (a COPY takes no parameters), so the COPY itself only formats what the member may read.
 */
export async function jailedCopyOut(session: ProjectSession, run: MemberRun, text: string, params: unknown[], options: string): Promise<AsyncIterable<Uint8Array>> {
  const described = await session.describe(text)
  const types = await typeInfos(session, [...described.paramTypes, ...described.fields.map((f) => f.dataTypeID)])
  const call = jailedCall(run.role, text, params, described, types)
  const [stmt, values, ptypes] = call.values
  const literal = (v: string | null) => (v === null ? 'NULL' : quoteLiteral(v))
  const array = values === null ? 'NULL' : `ARRAY[${values.map(literal).join(', ')}]::pg_catalog.text[]`
  return session.copyOut(call.sql([literal(stmt), values?.length ? array : 'NULL', literal(ptypes)]), options)
}

/**
 * An extension that is not trusted has a script written for superusers' schemas: run as the
 * superuser into a schema where a member planted functions or operators, it could call them (its
 * search path is that schema). So it goes only into a schema holding none of the project's own
 * (extension members aside). Trusted extensions are Postgres' to harden, as when a non-superuser
 * creates them. Without a schema named, the control file's or `public`.
 */
const TROJAN_SQL = `with e as (
    select coalesce(v.trusted, false) as trusted, coalesce($2::pg_catalog.text, v.schema::pg_catalog.text, 'public') as schema
      from pg_catalog.pg_available_extensions a
      left join pg_catalog.pg_available_extension_versions v on v.name = a.name and v.version = a.default_version
     where a.name = $1::pg_catalog.text)
  select e.schema, (select coalesce(
      (select p.oid::pg_catalog.regprocedure::pg_catalog.text from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = e.schema and not coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.oid = p.proowner), false)
          and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::pg_catalog.regclass and d.objid = p.oid and d.deptype = 'e') limit 1),
      (select 'operator ' || o.oid::pg_catalog.regoperator::pg_catalog.text from pg_catalog.pg_operator o join pg_catalog.pg_namespace n on n.oid = o.oprnamespace
        where n.nspname = e.schema and not coalesce((select r.rolsuper from pg_catalog.pg_roles r where r.oid = o.oprowner), false)
          and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_operator'::pg_catalog.regclass and d.objid = o.oid and d.deptype = 'e') limit 1))) as planted
    from e where not e.trusted`

async function refuseTrojanSchema(session: ProjectSession, c: Extract<Classified, { kind: 'create-extension' }>): Promise<void> {
  const { rows } = await session.extended(TROJAN_SQL, [c.name, c.schema])
  const row = rows[0] as { schema: string; planted: string | null } | undefined
  if (!row?.planted) return
  throw sqlError(
    '42501',
    `extension "${c.name}" needs a superuser, so it is created only in a schema that holds no functions or operators of the project's: schema "${row.schema}" holds ${row.planted}`,
    `Create it in a schema of its own, e.g. create schema if not exists extensions; create extension ${c.name} schema extensions`
  )
}

/**
 * CREATE/DROP EXTENSION for a member, with the grants it calls for, as one privileged batch
 * (ProjectSession.privileged): in the member's transaction on PGlite; on a server in one of its
 * own, so a transaction the member has open is committed first (what came before in the script
 * is then kept, whatever follows) and a new one begun after, for the rest of the script.
 */
async function privilegedExtension(
  session: ProjectSession,
  run: MemberRun,
  c: Extract<Classified, { kind: 'create-extension' | 'drop-extension' }>,
  inTransaction: boolean,
  beforeCommit: () => Promise<void>
): Promise<RawResult> {
  const names = c.kind === 'create-extension' ? [c.name] : c.names
  const refused = names.find(isRefusedExtension)
  if (refused) throw sqlError('42501', `permission denied to create extension "${refused}"`, REFUSED_EXTENSION_MESSAGE)
  if (run.role !== 'owner') throw sqlError('25006', 'cannot execute ' + (c.kind === 'create-extension' ? 'CREATE' : 'DROP') + ' EXTENSION in a read-only transaction')
  if (c.kind === 'create-extension') await refuseTrojanSchema(session, c)
  const split = inTransaction && session.privilegedOwnTransaction
  if (split) {
    await beforeCommit()
    await session.simple('commit')
  }
  const batch = [c.sql]
  if (c.kind === 'create-extension') {
    // A wrapper an extension brings is the owner's to use (servers, user mappings); what a
    // wrapper may reach stays its own rule (file_fdw's files: superuser only).
    batch.push(
      `do $g$ declare w record; begin for w in select fdwname from pg_catalog.pg_foreign_data_wrapper loop
       execute pg_catalog.format('grant usage on foreign data wrapper %I to %I', w.fdwname, ${quoteLiteral(run.roles.owner)}); end loop; end $g$`
    )
  }
  if (c.kind === 'create-extension' && c.name === 'pg_stat_statements' && run.singleTenant) {
    // Alone on its cluster, the owner may forget the statistics (by default only a superuser may).
    batch.push(
      `do $g$ declare s text; begin select n.nspname into s from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_stat_statements';
       execute pg_catalog.format('grant execute on function %I.pg_stat_statements_reset to %I', s, ${quoteLiteral(run.roles.owner)}); end $g$`
    )
  }
  await session.privileged(batch.join(';\n'))
  if (split) await session.simple('begin')
  return { command: c.kind === 'create-extension' ? 'CREATE' : 'DROP', rowCount: null, rows: [], fields: [] }
}

/** Runs a member's script; the last statement's result. Postgres errors are thrown with positions in the script. */
export async function runMemberSql(session: ProjectSession, run: MemberRun): Promise<RawResult> {
  return (await openMemberSql(session, run, false)).result
}

/**
 * `open`: a transaction is left open at the end (the script's explicit BEGIN without its end, a
 * Read-only member's); else the session holds none, as the platform tracks every statement that
 * may open or end one (a jailed statement runs inside a function, which cannot).
 */
export type Opened = {
  result: RawResult
  cursor: boolean
  commit: boolean
  open: boolean
  statement?: { text: string; start: number }
  /** Versions of the migrations the run recorded (kept only if its transaction commits). */
  recorded?: string[]
}

/**
 * runMemberSql, but with `cursor` a last statement that returns rows is left open as
 * STREAM_CURSOR (`cursor: true`, its fields and no rows), in a transaction; `commit`: the script's
 * implicit transaction is to be committed once it is read.
 */
export async function openMemberSql(session: ProjectSession, run: MemberRun, cursor: boolean): Promise<Opened> {
  if (run.role === 'readonly') {
    await session.simple(grantReadonlyUsageSql(run.roles))
    await session.simple('begin read only')
  }
  const statements = run.single
    ? [{ text: run.query, start: 0 }]
    : splitStatements(run.query).map((s) => ({ text: s.text, start: s.start }))
  if (statements.length === 0) return { result: EMPTY, cursor: false, commit: false, open: run.role === 'readonly' }
  let state: 'none' | 'implicit' | 'explicit' = run.role === 'readonly' ? 'explicit' : 'none'
  let last: RawResult = EMPTY
  const recorder = run.record && run.role === 'owner' && !run.single ? new MigrationRecorder(run.record, run.roles) : null
  // The record goes in the transaction about to commit, as the member (the jail).
  const flush = async () => {
    if (recorder) await recorder.flush((text, params) => runJailed(session, run, { text, start: 0 }, params))
  }
  for (const statement of statements) {
    const c = run.single ? ({ kind: 'jailed' } as Classified) : classify(statement.text)
    if (c.kind === 'tx') {
      if (c.tx === 'commit' && state !== 'none') await flush()
      if (c.tx === 'rollback') recorder?.discard()
      if (c.tx === 'begin') {
        if (state === 'none') await session.simple(c.text)
        state = 'explicit'
      } else if (c.tx === 'savepoint') {
        if (state === 'none') {
          await session.simple('begin')
          state = 'implicit'
        }
        await session.simple(c.text)
      } else {
        if (state !== 'none') await session.simple(c.text)
        state = /chain/i.test(c.text) && !/no\s+chain/i.test(c.text) ? 'explicit' : 'none'
      }
      last = { command: c.tx.toUpperCase(), rowCount: null, rows: [], fields: [] }
      continue
    }
    if (c.kind === 'vacuum') {
      if (state === 'implicit') {
        await flush()
        await session.simple('commit')
        state = 'none'
      }
      await session.simple(c.text)
      last = { command: 'VACUUM', rowCount: null, rows: [], fields: [] }
      continue
    }
    if (c.kind === 'concurrent-index') {
      last = await runConcurrentIndex(session, run, statement, state !== 'none' || statements.length > 1)
      continue
    }
    // A cursor lives in a transaction: a streamed single statement gets one of its own.
    const streamed = cursor && statement === statements[statements.length - 1] && c.kind === 'jailed'
    recorder?.note(statement.text)
    if (state === 'none' && (statements.length > 1 || streamed || recorder?.wouldRecord(statement.text))) {
      await session.simple('begin')
      state = 'implicit'
    }
    if (c.kind === 'create-extension' || c.kind === 'drop-extension') last = await privilegedExtension(session, run, c, state !== 'none', flush)
    else last = await runJailed(session, run, statement, run.parameters, streamed)
    if (streamed && last.fields.length > 0) {
      if (state === 'implicit') await flush()
      return { result: last, cursor: true, commit: state === 'implicit', open: true, statement, recorded: recorder?.versions }
    }
  }
  if (state === 'implicit') {
    await flush()
    await session.simple('commit')
  }
  return { result: last, cursor: false, commit: false, open: state === 'explicit', recorded: recorder?.versions }
}
