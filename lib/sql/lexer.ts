/**
 * A small lexer for Postgres SQL text: enough to tell code from string literals, quoted
 * identifiers, dollar-quoted bodies and comments, so that statement splitting and
 * destructive-statement detection never look inside them. It never throws: unterminated
 * literals and comments run to the end of the text (as psql treats them).
 */

export type SqlTokenKind =
  /** A keyword or unquoted identifier; `value` is lower-cased. */
  | 'word'
  /** "quoted identifier"; `value` is the identifier with `""` unescaped. */
  | 'quoted-identifier'
  /** 'string', E'string', U&'string', B'…', X'…', N'…'; `value` is the raw token text. */
  | 'string'
  /** $tag$ … $tag$; `value` is the body between the delimiters. */
  | 'dollar-string'
  /** -- line or nested block comment. */
  | 'comment'
  /** Numbers and positional parameters ($1). */
  | 'number'
  /** Any other single character: ; ( ) , . = * … */
  | 'punct'

export type SqlToken = {
  kind: SqlTokenKind
  value: string
  /** UTF-16 offsets into the text: `text.slice(start, end)` is the whole token. */
  start: number
  end: number
}

const IDENT_START = /[A-Za-z_\u0080-\uffff]/
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/
const DIGIT = /[0-9]/
const WHITESPACE = /\s/

/** The end of a quoted run starting at `open` (the quote), where a doubled quote escapes it. */
function endOfQuoted(text: string, open: number, quote: string, backslashEscapes: boolean): number {
  let i = open + 1
  while (i < text.length) {
    const ch = text[i]
    if (backslashEscapes && ch === '\\') {
      i += 2
      continue
    }
    if (ch === quote) {
      if (text[i + 1] === quote) {
        i += 2
        continue
      }
      return i + 1
    }
    i += 1
  }
  return text.length
}

/** The end of a block comment starting at `open` ("/*"); Postgres block comments nest. */
function endOfBlockComment(text: string, open: number): number {
  let depth = 0
  let i = open
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth += 1
      i += 2
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth -= 1
      i += 2
      if (depth === 0) return i
    } else {
      i += 1
    }
  }
  return text.length
}

/** The opening delimiter of a dollar quote at `i` ("$$" or "$tag$"), or null. */
function dollarTag(text: string, i: number): string | null {
  if (text[i] !== '$') return null
  let j = i + 1
  if (text[j] === '$') return '$$'
  if (!IDENT_START.test(text[j] ?? '')) return null
  j += 1
  // A tag may not hold "$" itself, unlike identifiers.
  while (j < text.length && /[A-Za-z0-9_\u0080-\uffff]/.test(text[j])) j += 1
  return text[j] === '$' ? text.slice(i, j + 1) : null
}

/** Splits SQL text into tokens (whitespace is dropped). */
export function tokenize(text: string): SqlToken[] {
  const tokens: SqlToken[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]
    const next = text[i + 1]

    if (WHITESPACE.test(ch)) {
      i += 1
      continue
    }

    if (ch === '-' && next === '-') {
      const newline = text.indexOf('\n', i)
      const end = newline === -1 ? text.length : newline
      tokens.push({ kind: 'comment', value: text.slice(i, end), start: i, end })
      i = end
      continue
    }

    if (ch === '/' && next === '*') {
      const end = endOfBlockComment(text, i)
      tokens.push({ kind: 'comment', value: text.slice(i, end), start: i, end })
      i = end
      continue
    }

    if (ch === "'") {
      const end = endOfQuoted(text, i, "'", false)
      tokens.push({ kind: 'string', value: text.slice(i, end), start: i, end })
      i = end
      continue
    }

    if (ch === '"') {
      const end = endOfQuoted(text, i, '"', false)
      const inner = text.slice(i + 1, text[end - 1] === '"' && end - 1 > i ? end - 1 : end)
      tokens.push({ kind: 'quoted-identifier', value: inner.replace(/""/g, '"'), start: i, end })
      i = end
      continue
    }

    if (ch === '$') {
      const tag = dollarTag(text, i)
      if (tag) {
        const bodyStart = i + tag.length
        const close = text.indexOf(tag, bodyStart)
        const end = close === -1 ? text.length : close + tag.length
        tokens.push({ kind: 'dollar-string', value: text.slice(bodyStart, close === -1 ? text.length : close), start: i, end })
        i = end
        continue
      }
      if (DIGIT.test(next ?? '')) {
        let j = i + 1
        while (j < text.length && DIGIT.test(text[j])) j += 1
        tokens.push({ kind: 'number', value: text.slice(i, j), start: i, end: j })
        i = j
        continue
      }
    }

    if (IDENT_START.test(ch)) {
      // Prefixed strings: E'…' (backslash escapes), U&'…', B'…', X'…', N'…'.
      if ((ch === 'e' || ch === 'E') && next === "'") {
        const end = endOfQuoted(text, i + 1, "'", true)
        tokens.push({ kind: 'string', value: text.slice(i, end), start: i, end })
        i = end
        continue
      }
      if ((ch === 'u' || ch === 'U') && next === '&' && (text[i + 2] === "'" || text[i + 2] === '"')) {
        const quote = text[i + 2]
        const end = endOfQuoted(text, i + 2, quote, false)
        const kind = quote === "'" ? 'string' : 'quoted-identifier'
        tokens.push({ kind, value: text.slice(i, end), start: i, end })
        i = end
        continue
      }
      if (/[bBxXnN]/.test(ch) && next === "'") {
        const end = endOfQuoted(text, i + 1, "'", false)
        tokens.push({ kind: 'string', value: text.slice(i, end), start: i, end })
        i = end
        continue
      }
      let j = i + 1
      while (j < text.length && IDENT_PART.test(text[j])) j += 1
      tokens.push({ kind: 'word', value: text.slice(i, j).toLowerCase(), start: i, end: j })
      i = j
      continue
    }

    if (DIGIT.test(ch) || (ch === '.' && DIGIT.test(next ?? ''))) {
      let j = i + 1
      while (j < text.length && /[0-9._eE]/.test(text[j])) {
        // A sign belongs to the number only right after an exponent marker.
        j += 1
        if ((text[j - 1] === 'e' || text[j - 1] === 'E') && (text[j] === '+' || text[j] === '-')) j += 1
      }
      tokens.push({ kind: 'number', value: text.slice(i, j), start: i, end: j })
      i = j
      continue
    }

    tokens.push({ kind: 'punct', value: ch, start: i, end: i + 1 })
    i += 1
  }
  return tokens
}
