/**
 * The small pieces of PostgREST's query grammar that select, filters and order share: a cursor
 * over one parameter's text, field names (bare or "quoted"), JSON paths (`data->a->>b`) and
 * quoted values with backslash escapes.
 */

/** One step of a JSON path: `->` keeps JSON, `->>` yields text; a bare integer is an array index. */
export interface JsonStep {
  arrow: '->' | '->>'
  key: string | number
}

/** A column, possibly followed by a JSON path. */
export interface Field {
  name: string
  jsonPath: JsonStep[]
}

/** A cursor over a parameter's text; `fail(details)` throws the caller's PostgREST error. */
export class Cursor {
  pos = 0

  constructor(
    readonly text: string,
    readonly fail: (details: string) => never,
    /** Where `text` starts in the parameter, for the positions errors name. */
    readonly base = 0
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? ''
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos)
  }

  /** Consumes `s` when it comes next. */
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false
    this.pos += s.length
    return true
  }

  /** Consumes `s` or fails with "unexpected … expecting s". */
  expect(s: string, what = `"${s}"`): void {
    if (!this.eat(s)) this.unexpected(what)
  }

  /** Fails saying what came instead of `expecting`. */
  unexpected(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`
    return this.fail(`unexpected ${found} at position ${this.base + this.pos + 1} expecting ${expecting}`)
  }
}

/** Characters of a bare name: letters, digits, `_`, `$`, spaces; `-` unless it starts `->`. */
function isNameChar(c: Cursor): boolean {
  const ch = c.peek()
  if (ch === '-') return c.peek(1) !== '>'
  return ch !== '' && /[\p{L}\p{N}_$ ]/u.test(ch)
}

/** A `"…"` value: `\"` and `\\` stand for `"` and `\`. The cursor is on the opening quote. */
export function readQuoted(c: Cursor): string {
  c.expect('"')
  let out = ''
  while (!c.done && c.peek() !== '"') {
    if (c.peek() === '\\' && c.pos + 1 < c.text.length) c.pos++
    out += c.peek()
    c.pos++
  }
  c.expect('"', 'closing quote')
  return out
}

/** A field name, `"quoted"` or bare (surrounding spaces of a bare name dropped). */
export function readName(c: Cursor, what = 'field name'): string {
  if (c.peek() === '"') return readQuoted(c)
  const start = c.pos
  while (isNameChar(c)) c.pos++
  const name = c.text.slice(start, c.pos).trim()
  if (name) return name
  c.pos = start
  return c.unexpected(what)
}

/** Zero or more `->key` / `->>key` steps; bare integers (`->0`, `->-1`) are array indexes. */
export function readJsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = []
  for (;;) {
    const arrow = c.eat('->>') ? '->>' : c.eat('->') ? '->' : null
    if (!arrow) return steps
    const quoted = c.peek() === '"'
    const key = readName(c, 'JSON key')
    steps.push({ arrow, key: !quoted && /^-?\d+$/.test(key) ? Number(key) : key })
  }
}

/** A column with its JSON path. */
export function readField(c: Cursor): Field {
  const name = readName(c)
  return { name, jsonPath: readJsonPath(c) }
}
