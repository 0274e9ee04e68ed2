/**
 * Statement splitting and destructive-statement detection for the SQL editor (issue 5).
 * Both work on tokens (lib/sql/lexer.ts), so quotes, dollar quotes and comments never count.
 */
import { tokenize, type SqlToken } from './lexer'

export type SqlStatement = {
  /** The statement without its terminating semicolon and surrounding whitespace. */
  text: string
  /** UTF-16 offsets of `text` in the script. */
  start: number
  end: number
}

const CODE_KINDS = new Set<SqlToken['kind']>(['word', 'quoted-identifier', 'string', 'dollar-string', 'number', 'punct'])

function isWord(token: SqlToken | undefined, ...words: string[]): boolean {
  return token !== undefined && token.kind === 'word' && words.includes(token.value)
}

/** True when the statement so far is CREATE [OR REPLACE] FUNCTION|PROCEDURE (which may hold BEGIN ATOMIC … END). */
function isRoutineDefinition(code: SqlToken[]): boolean {
  if (!isWord(code[0], 'create')) return false
  let i = 1
  if (isWord(code[i], 'or') && isWord(code[i + 1], 'replace')) i += 2
  return isWord(code[i], 'function', 'procedure')
}

type TokenGroup = { tokens: SqlToken[] }

/**
 * Groups the tokens of a script by statement. Like psql, a semicolon ends a statement only
 * outside parentheses and outside a `BEGIN ATOMIC … END` routine body.
 */
function groupStatements(tokens: SqlToken[]): TokenGroup[] {
  const groups: TokenGroup[] = []
  let current: SqlToken[] = []
  let code: SqlToken[] = []
  let parens = 0
  let atomicDepth = 0

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]
    if (token.kind === 'punct' && token.value === ';' && parens <= 0 && atomicDepth <= 0) {
      groups.push({ tokens: current })
      current = []
      code = []
      parens = 0
      atomicDepth = 0
      continue
    }
    current.push(token)
    if (!CODE_KINDS.has(token.kind)) continue
    code.push(token)
    if (token.kind === 'punct') {
      if (token.value === '(') parens += 1
      else if (token.value === ')') parens -= 1
      continue
    }
    if (token.kind !== 'word') continue
    if (atomicDepth > 0) {
      if (token.value === 'case') atomicDepth += 1
      else if (token.value === 'end') atomicDepth -= 1
    } else if (token.value === 'begin' && isWord(nextCode(tokens, i), 'atomic') && isRoutineDefinition(code)) {
      atomicDepth = 1
    }
  }
  groups.push({ tokens: current })
  return groups
}

function nextCode(tokens: SqlToken[], i: number): SqlToken | undefined {
  for (let j = i + 1; j < tokens.length; j += 1) if (tokens[j].kind !== 'comment') return tokens[j]
  return undefined
}

function toStatement(sql: string, group: TokenGroup): SqlStatement | null {
  if (!group.tokens.some((t) => CODE_KINDS.has(t.kind))) return null
  const start = group.tokens[0].start
  const end = group.tokens[group.tokens.length - 1].end
  return { text: sql.slice(start, end), start, end }
}

/**
 * The statements of a script, in order. Semicolons inside strings, quoted identifiers, dollar
 * quotes, comments, parentheses and `BEGIN ATOMIC` bodies do not split; comment-only pieces are
 * dropped; comments leading a statement stay with it.
 */
export function splitStatements(sql: string): SqlStatement[] {
  return groupStatements(tokenize(sql))
    .map((group) => toStatement(sql, group))
    .filter((statement): statement is SqlStatement => statement !== null)
}

// ---------------------------------------------------------------------------------------------
// Destructive statements

export type DestructiveKind = 'drop' | 'truncate' | 'delete-without-where' | 'alter-drop'

/** How the confirmation names each kind. */
export const DESTRUCTIVE_KIND_LABELS: Record<DestructiveKind, string> = {
  drop: 'DROP',
  truncate: 'TRUNCATE',
  'delete-without-where': 'DELETE without WHERE',
  'alter-drop': 'ALTER … DROP',
}

export type DestructiveStatement = SqlStatement & { kind: DestructiveKind }

/** Statements EXPLAIN ANALYZE may run (and so carry out). */
const EXPLAINABLE = new Set(['select', 'insert', 'update', 'delete', 'with', 'values', 'execute', 'create', 'merge', 'declare', 'table'])

/** The code tokens of a statement, without an EXPLAIN prefix; null when EXPLAIN does not run it (no ANALYZE). */
function executedCode(code: SqlToken[]): SqlToken[] | null {
  if (!isWord(code[0], 'explain')) return code
  let analyze = false
  let i = 1
  let parens = 0
  for (; i < code.length; i += 1) {
    const token = code[i]
    if (token.kind === 'punct' && token.value === '(') parens += 1
    else if (token.kind === 'punct' && token.value === ')') parens -= 1
    else if (isWord(token, 'analyze', 'analyse')) {
      // `(analyze false)` / `(analyze off)` turns it off again.
      const flag = code[i + 1]
      const off = isWord(flag, 'false', 'off') || (flag?.kind === 'number' && flag.value === '0')
      analyze = !(parens > 0 && off)
    } else if (parens === 0 && token.kind === 'word' && EXPLAINABLE.has(token.value)) break
  }
  return analyze ? code.slice(i) : null
}

/**
 * True when some `DELETE FROM` of the statement has no WHERE at its own nesting level (so a
 * WHERE inside a USING subquery does not count, and each data-modifying CTE is judged alone).
 */
function hasUnboundedDelete(code: SqlToken[]): boolean {
  const depths: number[] = []
  let depth = 0
  for (const token of code) {
    depths.push(depth)
    if (token.kind === 'punct' && token.value === '(') depth += 1
    else if (token.kind === 'punct' && token.value === ')') depth -= 1
  }
  for (let i = 0; i < code.length; i += 1) {
    if (!isWord(code[i], 'delete') || !isWord(code[i + 1], 'from')) continue
    const level = depths[i]
    let bounded = false
    for (let j = i + 2; j < code.length; j += 1) {
      if (depths[j] < level || (depths[j] === level && code[j].kind === 'punct' && code[j].value === ')')) break
      if (depths[j] === level && isWord(code[j], 'where')) {
        bounded = true
        break
      }
    }
    if (!bounded) return true
  }
  return false
}

/** Which destructive kind the code of one statement is, if any. */
function classify(code: SqlToken[]): DestructiveKind | null {
  const executed = executedCode(code)
  if (!executed || executed.length === 0) return null
  const first = executed[0]
  if (isWord(first, 'drop')) return 'drop'
  if (isWord(first, 'truncate')) return 'truncate'
  if (isWord(first, 'alter')) return executed.some((t) => isWord(t, 'drop')) ? 'alter-drop' : null
  if (isWord(first, 'do')) return classifyDoBlock(executed)
  // A CREATE (function, rule, trigger …) only stores a DELETE to run later.
  if (isWord(first, 'create')) return null
  return hasUnboundedDelete(executed) ? 'delete-without-where' : null
}

/**
 * A DO block runs its body now: each statement of the PL/pgSQL body is judged like a top-level
 * one, after the block words (DECLARE … BEGIN, EXCEPTION WHEN … THEN, labels) in front of it.
 */
function classifyDoBlock(code: SqlToken[]): DestructiveKind | null {
  const body = code.find((t) => t.kind === 'dollar-string' || t.kind === 'string')
  if (!body) return null
  const text = body.kind === 'dollar-string' ? body.value : body.value.slice(1, -1).replace(/''/g, "'")
  for (const group of groupStatements(tokenize(text))) {
    const code = group.tokens.filter((t) => CODE_KINDS.has(t.kind))
    // Skip what precedes the statement inside the block: labels, BEGIN, DECLARE, IF … THEN, handlers.
    const at = code.findIndex((t) => isWord(t, 'drop', 'truncate', 'alter', 'delete'))
    const inner = at === -1 ? [] : code.slice(at)
    const kind = inner.length > 0 ? classify(inner) : null
    if (kind) return kind
  }
  return null
}

/**
 * The statements of a script that destroy data or objects and so need a confirmation first:
 * DROP, TRUNCATE, DELETE without WHERE and ALTER … DROP (also inside DO blocks and EXPLAIN
 * ANALYZE, which run their statement). Text in strings, quoted identifiers and comments never counts.
 */
export function findDestructiveStatements(sql: string): DestructiveStatement[] {
  const found: DestructiveStatement[] = []
  for (const group of groupStatements(tokenize(sql))) {
    const statement = toStatement(sql, group)
    if (!statement) continue
    const kind = classify(group.tokens.filter((t) => CODE_KINDS.has(t.kind)))
    if (kind) found.push({ ...statement, kind })
  }
  return found
}
