import type { ProjectSession, RawResult } from './engines'
import { jailExecCall, jailRowsCall, TYPE_NAMES_SQL, type JailRole } from './jail'
import { commandOf, COUNTED } from './member-sql-classify'

/**
 * A member statement's call of its role's jail (jail.ts), from the statement's description and
 * its types' names: what member-sql.ts sends for each statement, and request-batch.ts for a
 * request of the project API in one round trip.
 */

const FIRST_NORMAL_OID = 16_384
const VOID_OID = 2278
const JSON_TYPES = new Set(['json', 'jsonb'])

export type TypeInfo = { name: string; pseudo: boolean }
const builtinTypes = new Map<number, TypeInfo>()

/** Names of types by oid (built-in ones cached per process; user types looked up every time). */
export async function typeInfos(session: ProjectSession, oids: number[]): Promise<Map<number, TypeInfo>> {
  const infos = new Map<number, TypeInfo>()
  const missing = [...new Set(oids)].filter((oid) => {
    const known = builtinTypes.get(oid)
    if (known) infos.set(oid, known)
    return !known
  })
  if (missing.length === 0) return infos
  const { rows } = await session.extended(TYPE_NAMES_SQL, [missing])
  for (const row of rows as { oid: number; name: string; is_pseudo: boolean }[]) {
    const info = { name: row.name, pseudo: row.is_pseudo }
    infos.set(row.oid, info)
    if (row.oid < FIRST_NORMAL_OID) builtinTypes.set(row.oid, info)
  }
  return infos
}

function toHex(bytes: Uint8Array): string {
  return `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}`
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL'
    const text = Array.isArray(v) ? arrayLiteral(v) : paramText(v, null)!
    return Array.isArray(v) ? text : `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
  })
  return `{${items.join(',')}}`
}

/** A parameter as the text Postgres parses for its type (as the drivers send it). */
export function paramText(value: unknown, typeName: string | null): string | null {
  if (value === null || value === undefined) return null
  if (typeName && JSON_TYPES.has(typeName)) return typeof value === 'string' ? value : JSON.stringify(value)
  if (value instanceof Uint8Array) return toHex(value)
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return arrayLiteral(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Names of types by oid from the process's cache of built-in ones alone; null when one is not there. */
export function knownTypeInfos(oids: number[]): Map<number, TypeInfo> | null {
  const infos = new Map<number, TypeInfo>()
  for (const oid of oids) {
    const known = builtinTypes.get(oid)
    if (!known) return null
    infos.set(oid, known)
  }
  return infos
}

export type Described = Awaited<ReturnType<ProjectSession['describe']>>

/**
 * A statement's call of its role's jail, from its description and its types' names: the SQL
 * (with `$1 $2 $3`, or `args`: the values as literals), the values of its three arguments, and
 * how its result reads as the statement's own.
 */
export function jailedCall(role: JailRole, text: string, params: unknown[] | undefined, described: Described, types: Map<number, TypeInfo>) {
  const hasParams = params !== undefined && params.length > 0
  const paramValues = hasParams ? described.paramTypes.map((oid, i) => paramText(params[i], types.get(oid)?.name ?? null)) : null
  const ptypes = hasParams ? described.paramTypes.map((oid) => types.get(oid)?.name ?? 'text').join(', ') : null
  const command = commandOf(text)
  const values: [string, (string | null)[] | null, string | null] = [text, paramValues, ptypes]
  if (described.fields.length === 0) {
    return {
      values,
      sql: (args?: Parameters<typeof jailExecCall>[1]) => jailExecCall(role, args),
      finish: (r: RawResult): RawResult => {
        const n = Number((r.rows[0] as { n: number | string }).n)
        return { command, rowCount: command && COUNTED.has(command) ? n : null, rows: [], fields: [] }
      },
    }
  }
  // A column of a pseudo-type (void: `select pg_sleep(1)`) cannot stand in a column list:
  // such a SELECT is read through a subquery that casts those columns to text.
  const pseudo = described.fields.map((f) => f.dataTypeID !== 2249 && (types.get(f.dataTypeID)?.pseudo ?? false))
  if (pseudo.some(Boolean)) {
    const cols = described.fields.map((_, i) => `c${i + 1}`)
    values[0] = `select ${cols.map((c, i) => (pseudo[i] ? `__q.${c}::pg_catalog.text` : `__q.${c}`)).join(', ')} from (${text}\n) as __q(${cols.join(', ')})`
  }
  const columns = described.fields.map((f, i) => (pseudo[i] ? 'pg_catalog.text' : (types.get(f.dataTypeID)?.name ?? 'pg_catalog.text')))
  return {
    values,
    sql: (args?: Parameters<typeof jailRowsCall>[2]) => jailRowsCall(role, columns, args),
    finish: (r: RawResult): RawResult => {
      const rows = r.rows.map((row) => {
        const out: Record<string, unknown> = {}
        described.fields.forEach((f, i) => {
          out[f.name] = row[`c${i + 1}`]
        })
        return out
      })
      const fields = described.fields.map((f, i) => ({ name: f.name, dataTypeID: f.dataTypeID === VOID_OID || !pseudo[i] ? f.dataTypeID : 25 }))
      return { command, rowCount: rows.length, rows, fields }
    },
  }
}

