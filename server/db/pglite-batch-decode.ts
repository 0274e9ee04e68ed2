import { parse, protocol, types, type Results } from '@electric-sql/pglite'
import type { ParserSpec } from './pglite-worker-protocol'

/**
 * The results of an execBatch answer (pglite-worker-batch.mjs), decoded on this side of the
 * thread: the worker hands over the kept statements' protocol messages as bytes, so neither
 * decoding them nor cloning the decoded rows falls on it, the busiest thread under the project
 * API's load. Read as PGlite's own query would
 * (its parsers, with the call's on top), one result per CommandComplete.
 */

type Parsers = Record<number, (value: string, typeId?: number) => unknown>

const identity = (value: string) => value
function int8(value: string): number | string {
  const n = Number(value)
  return Number.isSafeInteger(n) ? n : value
}

const parserSets = new Map<string, Parsers>()
/** PGlite's default parsers with the spec's on top (as the worker builds them for its other calls). */
function parsersFor(spec: ParserSpec | undefined): Parsers {
  const key = spec ? JSON.stringify(spec) : ''
  let parsers = parserSets.get(key)
  if (!parsers) {
    parsers = { ...(types.parsers as Parsers) }
    for (const oid of spec?.textOids ?? []) parsers[oid] = identity
    if (spec?.safeInt8) parsers[20] = int8
    parserSets.set(key, parsers)
  }
  return parsers
}

/** One result per statement whose messages `raw` holds, in order. */
export function decodeBatchResults(raw: Uint8Array, spec: ParserSpec | undefined): Results[] {
  const parsers = parsersFor(spec)
  const results: Results[] = []
  let group: unknown[] = []
  new protocol.Parser().parse(raw, (m) => {
    group.push(m)
    if (m.name === 'commandComplete') {
      const r = parse.parseResults(group as Parameters<typeof parse.parseResults>[0], parsers)[0]
      results.push({ ...r, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) })
      group = []
    }
  })
  return results
}
