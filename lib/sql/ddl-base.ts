/** The small shared pieces of lib/sql/ddl and its table keys: foreign-key actions and identifier bytes. */

export const FOREIGN_KEY_ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'] as const
export type ForeignKeyAction = (typeof FOREIGN_KEY_ACTIONS)[number]

/** Largest identifier Postgres keeps (NAMEDATALEN - 1 bytes). */
export const MAX_IDENTIFIER_BYTES = 63

/** What a form says of a name longer than Postgres keeps. */
export const NAME_TOO_LONG = `Names are at most ${MAX_IDENTIFIER_BYTES} bytes`

/** Whether Postgres would cut `name` (more than MAX_IDENTIFIER_BYTES bytes). */
export function isNameTooLong(name: string): boolean {
  return byteLength(name) > MAX_IDENTIFIER_BYTES
}

/** Byte length as Postgres counts it (UTF-8). */
export function byteLength(text: string): number {
  return new TextEncoder().encode(text).length
}

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
export function truncateToBytes(text: string, max: number): string {
  if (byteLength(text) <= max) return text
  let out = ''
  let bytes = 0
  for (const ch of text) {
    const size = byteLength(ch)
    if (bytes + size > max) break
    out += ch
    bytes += size
  }
  return out
}
