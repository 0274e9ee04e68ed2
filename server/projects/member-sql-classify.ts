/** What kind of statement a member sent (strict patterns: anything unsure counts as plain SQL for the jail). */
import { quoteIdent } from './jail'

export type MemberSqlError = Error & {
  code: string
  severity?: string
  position?: string
  internalPosition?: string
  internalQuery?: string
  where?: string
}

/** Postgres-style error the runner raises itself (refusals), so callers treat it like the server's. */
export function sqlError(code: string, message: string, hint?: string): MemberSqlError {
  const error = new Error(message) as MemberSqlError & { hint?: string }
  error.code = code
  error.severity = 'ERROR'
  if (hint) error.hint = hint
  return error
}

export function stripLeadingComments(text: string): string {
  let s = text
  for (;;) {
    const t = s.replace(/^\s+/, '')
    if (t.startsWith('--')) s = t.slice(t.indexOf('\n') === -1 ? t.length : t.indexOf('\n'))
    else if (t.startsWith('/*')) {
      const end = t.indexOf('*/')
      s = end === -1 ? '' : t.slice(end + 2)
    } else return t
  }
}

export const IDENT = `(?:[a-z_][a-z0-9_$]*|"(?:[^"]|"")+")`
const TX_PATTERNS: [RegExp, 'begin' | 'commit' | 'rollback' | 'savepoint'][] = [
  [/^(begin|start\s+transaction)(\s+(work|transaction))?(\s+(isolation\s+level\s+(serializable|repeatable\s+read|read\s+committed|read\s+uncommitted)|read\s+(only|write)|(not\s+)?deferrable)(\s*,)?)*$/i, 'begin'],
  [/^(commit|end)(\s+(work|transaction))?(\s+and\s+(no\s+)?chain)?$/i, 'commit'],
  [/^(rollback|abort)(\s+(work|transaction))?(\s+and\s+(no\s+)?chain)?$/i, 'rollback'],
  [new RegExp(`^(savepoint\\s+${IDENT}|release(\\s+savepoint)?\\s+${IDENT}|rollback(\\s+(work|transaction))?\\s+to(\\s+savepoint)?\\s+${IDENT})$`, 'i'), 'savepoint'],
]
const VACUUM_PATTERN = new RegExp(
  `^(vacuum|analyze)(\\s*\\(\\s*[a-z_]+(\\s+[a-z0-9_]+)?(\\s*,\\s*[a-z_]+(\\s+[a-z0-9_]+)?)*\\s*\\))?(\\s+(full|freeze|verbose|analyze))*(\\s+${IDENT}(\\.${IDENT})?(\\s*\\(\\s*${IDENT}(\\s*,\\s*${IDENT})*\\s*\\))?(\\s*,\\s*${IDENT}(\\.${IDENT})?)*)?$`,
  'i'
)
const CREATE_EXTENSION = new RegExp(
  `^create\\s+extension(\\s+if\\s+not\\s+exists)?\\s+(${IDENT})(\\s+with)?(\\s+schema\\s+(${IDENT}))?(\\s+version\\s+('[^']*'|${IDENT}))?(\\s+cascade)?$`,
  'i'
)
/** CREATE [UNIQUE] INDEX CONCURRENTLY …: run by concurrent-index.ts, outside the jail and any transaction. */
const CONCURRENT_INDEX = /^create\s+(unique\s+)?index\s+concurrently\b/i
const DROP_EXTENSION = new RegExp(`^drop\\s+extension(\\s+if\\s+exists)?\\s+(${IDENT}(\\s*,\\s*${IDENT})*)(\\s+(cascade|restrict))?$`, 'i')


export function identValue(ident: string): string {
  return ident.startsWith('"') ? ident.slice(1, -1).replace(/""/g, '"') : ident.toLowerCase()
}

export type Classified =
  | { kind: 'tx'; tx: 'begin' | 'commit' | 'rollback' | 'savepoint'; text: string }
  | { kind: 'vacuum'; text: string }
  | { kind: 'create-extension'; sql: string; name: string; schema: string | null }
  | { kind: 'drop-extension'; sql: string; names: string[] }
  | { kind: 'concurrent-index' }
  | { kind: 'jailed' }

/** How the runner treats one statement (exported for tests). */
export function classify(statement: string): Classified {
  const text = stripLeadingComments(statement).replace(/;\s*$/, '').trim()
  for (const [pattern, tx] of TX_PATTERNS) if (pattern.test(text)) return { kind: 'tx', tx, text }
  if (VACUUM_PATTERN.test(text) && /^vacuum/i.test(text)) return { kind: 'vacuum', text }
  const create = CREATE_EXTENSION.exec(text)
  if (create) {
    const name = identValue(create[2])
    const parts = [`create extension${create[1] ? ' if not exists' : ''} ${quoteIdent(name)}`]
    if (create[5]) parts.push(`schema ${quoteIdent(identValue(create[5]))}`)
    if (create[7]) parts.push(`version '${(create[7].startsWith("'") ? create[7].slice(1, -1) : identValue(create[7])).replace(/'/g, "''")}'`)
    if (create[8]) parts.push('cascade')
    return { kind: 'create-extension', sql: parts.join(' '), name, schema: create[5] ? identValue(create[5]) : null }
  }
  if (CONCURRENT_INDEX.test(text)) return { kind: 'concurrent-index' }
  const drop = DROP_EXTENSION.exec(text)
  if (drop) {
    const names = drop[2].split(',').map((n) => identValue(n.trim()))
    const sql = `drop extension${drop[1] ? ' if exists' : ''} ${names.map(quoteIdent).join(', ')}${drop[5] ? ` ${drop[5].toLowerCase()}` : ''}`
    return { kind: 'drop-extension', sql, names }
  }
  return { kind: 'jailed' }
}

/** The command word a result reports (pg's convention: the first word of the command tag). */
export function commandOf(statement: string): string | null {
  const word = /^[a-z]+/i.exec(stripLeadingComments(statement))?.[0]?.toUpperCase() ?? null
  if (word === 'WITH' || word === 'VALUES' || word === 'TABLE') return 'SELECT'
  return word
}

export const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'SELECT', 'COPY', 'FETCH', 'MOVE'])
