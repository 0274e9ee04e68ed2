/**
 * The `Range` header of a download (RFC 9110 §14): one range of bytes (`bytes=0-99`, `bytes=100-`,
 * `bytes=-100`). A header that is not one such range (another unit, several ranges, nonsense) is
 * ignored and the whole object served, as the RFC allows; a range that starts past the end is
 * unsatisfiable (416).
 */
export type ParsedRange = { start: number; end: number } | 'unsatisfiable' | null

export function parseByteRange(header: string | undefined, size: number): ParsedRange {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '')
  if (!match || (match[1] === '' && match[2] === '')) return null
  if (match[1] === '') {
    // A suffix: the last n bytes.
    const length = Number(match[2])
    if (length === 0) return 'unsatisfiable'
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (match[2] !== '' && Number(match[2]) < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end }
}
