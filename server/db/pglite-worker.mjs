// One PGlite database in its own worker thread (see pglite-worker-client.ts, the only user).
//
// Plain ESM JavaScript on purpose: it is started by file path with `new Worker(path)` and never
// seen by Next's bundler, so it may import only from node_modules. It opens one PGlite (options
// in `workerData`) and answers the client's messages one at a time, in the order they arrive:
//   { id, op: 'query', sql, params, options }   -> Results (rows, fields, affectedRows, command, rowCount)
//   { id, op: 'exec', sql, options }            -> Results[]
//   { id, op: 'execBatch', sql, keep, recover } -> { raw, ran, error } (pglite-worker-batch.mjs; raw: kept statements' messages, transferred)
//   { id, op: 'describeQuery', sql }            -> { queryParams: [{ dataTypeID }], resultFields: [{ name, dataTypeID }] }
//   { id, op: 'isInTransaction' }               -> boolean
//   { id, op: 'protocol', bytes }               -> Uint8Array: PGlite's raw answer to wire protocol messages
//   { id, op: 'close' }                         -> closes PGlite cleanly, answers, then the thread ends
// (or an array of these: the calls of one event-loop turn, handled in order)
// Every answer is { id, ok: true, value, memory } or { id, ok: false, error, memory, fatal? },
// where `memory` is the byte length of PGlite's WASM memory (it only grows) and `error` every field
// of PGlite's DatabaseError (code, severity, position, ...) as a plain object, rebuilt on the other
// side. Functions cannot cross threads: `options.parsers` is a spec { textOids?, safeInt8? }.
// Before any answer, the worker posts { type: 'ready', memory } once PGlite is open and has
// answered `select 1`, or { type: 'failed', error } when it could not open (then it ends).
// With `listen` (channel names), it LISTENs on them once open and posts every notification PGlite
// hands it as { type: 'notification', channel, payload } (realtime's change bus on PGlite).
import { parentPort, workerData } from 'node:worker_threads'
import { messages, parse, PGlite, protocol } from '@electric-sql/pglite'
import { execBatch } from './pglite-worker-batch.mjs'
import { isFatal, serializeError } from './pglite-worker-errors.mjs'

/** Keep in step with PGLITE_CONTRIB_EXTENSIONS in server/projects/pglite-extensions.ts. */
const CONTRIB = ['amcheck', 'bloom', 'btree_gin', 'btree_gist', 'citext', 'cube', 'dict_int', 'dict_xsyn',
  'earthdistance', 'file_fdw', 'fuzzystrmatch', 'hstore', 'intarray', 'isn', 'lo', 'ltree', 'moddatetime',
  'pageinspect', 'pg_buffercache', 'pg_freespacemap', 'pg_stat_statements', 'pg_surgery', 'pg_trgm', 'pg_visibility',
  'pg_walinspect', 'pgcrypto', 'seg', 'tablefunc', 'tcn', 'tsm_system_rows', 'tsm_system_time', 'unaccent', 'uuid_ossp']

/** @type {{ dataDir: string | null, contrib: boolean, postgresqlconf?: string[] | string, statementCache?: number, listen?: string[], wasmModule?: WebAssembly.Module }} */
const options = workerData

async function contribExtensions() {
  const modules = await Promise.all(CONTRIB.map((name) => import(`@electric-sql/pglite/contrib/${name}`)))
  return { ...Object.fromEntries(CONTRIB.map((name, i) => [name, modules[i][name]])), lazyLibraries }
}

/**
 * PGlite unpacks each extension bundle into its file system and, by default, compiles and
 * instantiates every library (.so, a WebAssembly module) in it at open, used or not: about 55 MB
 * of each open database for the 33 contrib bundles (bench/pglite-open.mjs). With Emscripten's
 * `noWasmDecoding` the libraries are only written as files, and Postgres loads one the first time
 * it needs it (CREATE EXTENSION, a call of one of its functions, shared_preload_libraries at
 * start), through dlopen, which compiles it then: a database pays only for what it uses. Not an
 * extension of its own: PGlite lets an extension's setup hand back Emscripten's options.
 */
const lazyLibraries = {
  name: 'lazy-libraries',
  setup: async (_pg, emscriptenOpts) => ({ emscriptenOpts: { ...emscriptenOpts, noWasmDecoding: true } }),
}

/** @type {PGlite} */
let db
/** Where notifications go (with `listen`): PGlite's own dispatch, and execBatch's, which reads answers unparsed. */
let notify

function memory() {
  try {
    return db?.Module?.wasmMemory?.buffer.byteLength ?? 0
  } catch {
    return 0
  }
}

const identity = (value) => value
function int8(value) {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : value
}

const parserCache = new Map()
/** PGlite's parser options for a spec; undefined (PGlite's defaults) when there is none. */
function parsersFor(spec) {
  if (!spec) return undefined
  const key = JSON.stringify(spec)
  let parsers = parserCache.get(key)
  if (!parsers) {
    parsers = {}
    for (const oid of spec.textOids ?? []) parsers[oid] = identity
    if (spec.safeInt8) parsers[20] = int8
    parserCache.set(key, parsers)
  }
  return parsers
}

function queryOptions(options) {
  const parsers = parsersFor(options?.parsers)
  return parsers ? { parsers } : undefined
}

/** PGlite's Results minus anything that cannot cross (a COPY blob stays behind). */
function plainResults(r) {
  const out = { rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) }
  if (r.affectedRows !== undefined) out.affectedRows = r.affectedRows
  if (r.command !== undefined) out.command = r.command
  if (r.rowCount !== undefined) out.rowCount = r.rowCount
  return out
}

// Prepared statements (options.statementCache > 0, the platform store): PGlite's query() sends
// parse, describe, bind, describe, execute and sync one by one, and Postgres parses and plans the
// text every time. A statement seen before is bound by name instead, in one round trip into
// WASM: about 2.5 times less work per query (bench/platform-api.mjs). Least recently used
// statements are closed beyond the cache's size. Off for databases whose schema or session
// changes under them (DDL changing a cached `select *`, DISCARD ALL), such as project databases.
const STATEMENT_CACHE_SIZE = options.statementCache ?? 0
/** @type {Map<string, { name: string, types: number[] }>} SQL text -> prepared statement, oldest first */
const statements = new Map()
let statementSeq = 0
const serialize = protocol.serialize

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** The error as PGlite's query() reports it: with the query it came from. */
function withQuery(error, sql, params) {
  if (error instanceof messages.DatabaseError) {
    error.query = sql
    error.params = params
  }
  return error
}

async function forget(sql) {
  const statement = statements.get(sql)
  if (!statement) return
  statements.delete(sql)
  await db.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false, throwOnError: false })
}

async function prepare(sql, params) {
  let statement = statements.get(sql)
  if (statement) {
    statements.delete(sql) // most recently used last
    statements.set(sql, statement)
    return statement
  }
  if (statements.size >= STATEMENT_CACHE_SIZE) await forget(statements.keys().next().value)
  const name = `pglite_worker_${++statementSeq}`
  let described
  try {
    described = await db.execProtocol(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    })
  } catch (error) {
    throw withQuery(error, sql, params)
  }
  const types = described.messages.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? []
  statement = { name, types }
  statements.set(sql, statement)
  return statement
}

async function preparedQuery(sql, params, options, retried = false) {
  const statement = await prepare(sql, params)
  if (params.length !== statement.types.length) {
    // Let PGlite word the mismatch as it always has.
    return db.query(sql, params, options)
  }
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null
    const serializer = db.serializers[statement.types[i]]
    return serializer ? serializer(value) : value.toString()
  })
  try {
    const result = await db.execProtocol(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])
    )
    return parse.parseResults(result.messages, db.parsers, options)[0]
  } catch (error) {
    // The statement went stale (a table under a cached `select *` changed, DEALLOCATE): prepare
    // it again. Outside a transaction only: inside one, the error has already aborted it.
    const stale = error?.code === '0A000' || error?.code === '26000'
    if (stale && !retried) {
      await forget(sql).catch(() => {})
      if (!db.isInTransaction()) return preparedQuery(sql, params, options, true)
    }
    throw withQuery(error, sql, params)
  }
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const params = message.params ?? []
      const options = queryOptions(message.options)
      if (STATEMENT_CACHE_SIZE > 0) return plainResults(await preparedQuery(message.sql, params, options))
      return plainResults(await db.query(message.sql, params, options))
    }
    case 'exec':
      return (await db.exec(message.sql, queryOptions(message.options))).map(plainResults)
    case 'execBatch':
      return execBatch(db, message, serializeError, notify)
    case 'describeQuery': {
      const d = await db.describeQuery(message.sql)
      return {
        queryParams: d.queryParams.map((p) => ({ dataTypeID: p.dataTypeID })),
        resultFields: d.resultFields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      }
    }
    case 'isInTransaction':
      return Boolean(await db.isInTransaction())
    case 'protocol':
      return await db.execProtocolRaw(message.bytes)
    case 'copyFrom': {
      const r = await db.query(message.sql, [], { blob: new Blob([message.bytes]) })
      return r.affectedRows ?? 0
    }
    case 'copyTo': {
      const r = await db.query(message.sql, [])
      return r.blob ? new Uint8Array(await r.blob.arrayBuffer()) : new Uint8Array(0)
    }
    case 'fail':
      throw new Error(message.message)
    default:
      throw new Error(`unknown PGlite worker operation ${message.op}`)
  }
}

// Messages are handled strictly one after another, in arrival order (the client may send several
// before the first is answered): PGlite's own lock would not cover isInTransaction().
let chain = Promise.resolve()
let closing = false

async function serve(message) {
  if (closing) return
  if (message.op === 'close') {
    closing = true
    try {
      if (!db.closed) await db.close()
      parentPort.postMessage({ id: message.id, ok: true, value: null, memory: 0 })
    } catch (error) {
      parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error), memory: 0 })
    }
    parentPort.close()
    return
  }
  try {
    const value = await handle(message)
    // execBatch's raw answer is handed over, not copied (pglite-worker-batch.mjs).
    const transfer = value?.raw instanceof Uint8Array ? [value.raw.buffer] : []
    parentPort.postMessage({ id: message.id, ok: true, value, memory: memory() }, transfer)
  } catch (error) {
    const fatal = isFatal(error)
    parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error), memory: memory(), fatal })
    if (fatal) process.exit(1)
  }
}

try {
  const extensions = options.contrib ? await contribExtensions() : {}
  const pgOptions = { extensions }
  if (options.postgresqlconf) pgOptions.postgresqlconf = options.postgresqlconf
  if (options.wasmModule) pgOptions.pgliteWasmModule = options.wasmModule // compiled once for all workers (pglite-wasm-module.ts)
  db = options.dataDir ? await PGlite.create(options.dataDir, pgOptions) : await PGlite.create(pgOptions)
  await db.query('select 1')
  if (options.listen?.length) {
    notify = (channel, payload) => parentPort.postMessage({ type: 'notification', channel, payload })
    db.onNotification(notify)
    for (const channel of options.listen) await db.exec(`listen "${channel.replace(/"/g, '""')}"`)
  }
} catch (error) {
  parentPort.postMessage({ type: 'failed', error: serializeError(error) })
  process.exit(1)
}
parentPort.on('message', (message) => {
  // The client posts the calls of one event-loop turn together, as an array.
  for (const one of Array.isArray(message) ? message : [message]) chain = chain.then(() => serve(one))
})
parentPort.postMessage({ type: 'ready', memory: memory() })
