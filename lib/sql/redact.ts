/**
 * Passwords out of SQL kept for later (the postgres logs, the migration history): the string after
 * the word PASSWORD (CREATE/ALTER ROLE … [ENCRYPTED] PASSWORD '…', a user mapping's
 * `options (password '…')`) becomes `replacement`. Token-based, so a string merely holding the
 * word is left alone.
 */
import { tokenize } from './lexer'

export const REDACTED_LOG_PASSWORD = "'[redacted]'"
/** In a migration: replayed, the role gets no password rather than a known one. */
export const REDACTED_MIGRATION_PASSWORD = 'NULL /* password not recorded */'

export function redactPasswords(sql: string, replacement: string = REDACTED_LOG_PASSWORD): string {
  const tokens = tokenize(sql)
  let out = ''
  let at = 0
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]
    if (token.kind !== 'word' || token.value !== 'password') continue
    let j = i + 1
    while (tokens[j]?.kind === 'comment') j += 1
    const value = tokens[j]
    if (!value || (value.kind !== 'string' && value.kind !== 'dollar-string')) continue
    out += sql.slice(at, value.start) + replacement
    at = value.end
  }
  return at === 0 ? sql : out + sql.slice(at)
}
