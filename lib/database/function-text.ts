/**
 * The text forms of a function's catalogue entry and of the function form: argument lists split
 * outside quotes, defaults, `search_path` settings and RETURNS TABLE columns. Pure.
 */
import { quoteIdentifier } from '@/lib/sql/identifiers'

export type ReturnColumn = { name: string; type: string }

/** Splits on commas outside quotes and parentheses (argument lists, `TABLE(...)` columns). */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"' || ch === "'") {
      for (i++; i < text.length; i++) {
        if (text[i] === ch && text[i + 1] === ch) i++
        else if (text[i] === ch) break
      }
    } else if (ch === '(' || ch === '[') depth++
    else if (ch === ')' || ch === ']') depth--
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim())
      start = i + 1
    }
  }
  const last = text.slice(start).trim()
  if (last !== '') parts.push(last)
  return parts
}

/** The `DEFAULT …` of one piece of `pg_get_function_arguments` (read outside quotes), or ''. */
export function defaultOf(piece: string): string {
  let quote: string | null = null
  for (let i = 0; i < piece.length; i++) {
    const ch = piece[i]
    if (quote) {
      if (ch === quote && piece[i + 1] === quote) i++
      else if (ch === quote) quote = null
    } else if (ch === '"' || ch === "'") quote = ch
    else if (piece.startsWith(' DEFAULT ', i)) return piece.slice(i + ' DEFAULT '.length).trim()
  }
  return ''
}

/** `public, "my schema"` → the schema names (quoted ones unquoted; `""` and blanks dropped). */
export function parseSearchPath(value: string): string[] {
  return (
    splitTopLevel(value)
      // `''` typed for "empty" means none, as in `SET search_path = ''`.
      .filter((s) => s !== "''")
      .map((s) => (s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1).replaceAll('""', '"') : s))
      .filter((s) => s !== '')
  )
}

/** Schema names back to the text `parseSearchPath` reads. */
export function formatSearchPath(schemas: readonly string[]): string {
  return schemas.map(quoteIdentifier).join(', ')
}

/** `search_path` and the other settings of a function's `proconfig`. */
export function parseConfig(config: readonly string[]): { searchPath: string[] | null; otherConfig: string[] } {
  let searchPath: string[] | null = null
  const otherConfig: string[] = []
  for (const entry of config) {
    if (!entry.startsWith('search_path=')) {
      otherConfig.push(entry)
      continue
    }
    searchPath = parseSearchPath(entry.slice('search_path='.length))
  }
  return { searchPath, otherConfig }
}

/** `id integer, "my col" text` → columns (a name, quoted or bare, then its type); what the form's text says. */
export function parseReturnColumns(text: string): ReturnColumn[] {
  return splitTopLevel(text).map((piece) => {
    const quoted = /^"((?:[^"]|"")*)"\s*(.*)$/s.exec(piece)
    if (quoted) return { name: quoted[1].replaceAll('""', '"'), type: quoted[2].trim() }
    const [name, ...type] = piece.split(/\s+/)
    return { name, type: type.join(' ') }
  })
}

/** Columns back to the text `parseReturnColumns` reads. */
export function formatReturnColumns(columns: readonly ReturnColumn[]): string {
  return columns.map((c) => `${quoteIdentifier(c.name)} ${c.type}`).join(', ')
}
