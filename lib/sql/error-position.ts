/**
 * Postgres reports an error position as a 1-based count of characters (code points) into the
 * query text; JavaScript strings index UTF-16 code units. These helpers turn one into the other
 * so the editor marks the right spot, also after emoji or when only a selection was run.
 */

/**
 * The 0-based UTF-16 index into `text` of Postgres's 1-based character `position`, clamped to
 * the text. Null when there is no position.
 */
export function positionToIndex(text: string, position: number | null | undefined): number | null {
  if (position === null || position === undefined || !Number.isFinite(position) || position < 1) return null
  let index = 0
  let remaining = Math.floor(position) - 1
  while (remaining > 0 && index < text.length) {
    const code = text.charCodeAt(index)
    // A high surrogate followed by a low one is one character to Postgres.
    const pair = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00
    index += pair ? 2 : 1
    remaining -= 1
  }
  return Math.min(index, text.length)
}

/** 1-based line and column (in UTF-16 units, as editors count) of a 0-based index. */
export function lineColumnAt(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(index, text.length)))
  const lines = before.split('\n')
  return { line: lines.length, column: lines[lines.length - 1].length + 1 }
}

/**
 * Where an error of a run points in the whole editor text: the run's text started at `offset`
 * (0 for the whole script, the selection's start otherwise).
 */
export function errorIndexInDocument(runText: string, offset: number, position: number | null | undefined): number | null {
  const index = positionToIndex(runText, position)
  return index === null ? null : offset + index
}
