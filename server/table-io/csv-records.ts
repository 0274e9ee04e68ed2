/**
 * Cuts a CSV byte stream into chunks that end on record boundaries, without parsing fields: a
 * state machine over quotes and newlines as Postgres' COPY … CSV reads them (a quote opens or
 * closes a quoted stretch wherever it stands; `""` closes and reopens; a newline outside quotes
 * ends a record). It remembers just enough to name the file's line of a record later: where
 * records spanning several lines are (sparse), not a number per record.
 */

const QUOTE = 0x22
const LF = 0x0a

export type CsvChunksOptions = {
  /** The first record is a header: it is dropped (the mapping is by position). */
  header: boolean
  /** A chunk is cut at the last record end once this many bytes wait. */
  chunkBytes: number
}

export class CsvRecords {
  /** Data records seen so far, whole (a last record without a newline is counted at the end). */
  records = 0
  /** Lines of the file before the first data record (the header's, and a blank start). */
  private firstLine = 1
  /** [records before it, extra lines so far] after each record spanning lines, in order. */
  private spans: number[] = []
  private extra = 0
  private inQuote = false
  private recordLines = 0
  private headerLeft: boolean
  private bomChecked = false

  constructor(private readonly options: CsvChunksOptions) {
    this.headerLeft = options.header
  }

  /** The file's line (1-based) where the data record with this 1-based number starts. */
  lineOf(record: number): number {
    // The extra lines of spanning records before `record`: the last span entry below it.
    let lo = 0
    let hi = this.spans.length / 2 - 1
    let extra = 0
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      if (this.spans[mid * 2] < record - 1) {
        extra = this.spans[mid * 2 + 1]
        lo = mid + 1
      } else hi = mid - 1
    }
    return this.firstLine + (record - 1) + extra
  }

  /** Where the header ended in the last scan (index just past its newline), or -1. */
  private headerEnd = -1

  /** Scans `bytes`; the index just past the last record end found in them, or -1. */
  private scan(bytes: Uint8Array): number {
    let lastEnd = -1
    let inQuote = this.inQuote
    let lines = this.recordLines
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i]
      if (b === QUOTE) inQuote = !inQuote
      else if (b === LF) {
        if (inQuote) lines++
        else {
          lastEnd = i + 1
          if (this.headerLeft) {
            this.headerLeft = false
            this.headerEnd = i + 1
            this.firstLine += lines + 1
          } else this.endRecord(lines)
          lines = 0
        }
      }
    }
    this.inQuote = inQuote
    this.recordLines = lines
    return lastEnd
  }

  private endRecord(lines: number) {
    this.records++
    if (lines > 0) {
      this.extra += lines
      this.spans.push(this.records - 1, this.extra)
    }
  }

  /**
   * The chunks of `source`, each ending on a record end (the last one wherever the file ends),
   * the header and a UTF-8 byte order mark left out.
   */
  async *chunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    let waiting: Uint8Array[] = []
    let waitingBytes = 0
    let cut = -1 // offset in the joined waiting bytes just past the last record end
    for await (let piece of source) {
      if (!this.bomChecked && piece.length > 0) {
        this.bomChecked = true
        if (piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf) piece = piece.subarray(3)
      }
      if (piece.length === 0) continue
      const inHeader = this.headerLeft
      this.headerEnd = -1
      const end = this.scan(piece)
      if (inHeader) {
        if (this.headerLeft) continue // all header so far: its bytes are not needed
        cut = end > this.headerEnd ? end - this.headerEnd : -1
        piece = piece.subarray(this.headerEnd)
      } else if (end >= 0) cut = waitingBytes + end
      if (piece.length === 0) continue
      waiting.push(piece)
      waitingBytes += piece.length
      if (waitingBytes >= this.options.chunkBytes && cut > 0) {
        const joined = concat(waiting)
        yield joined.subarray(0, cut)
        const rest = joined.subarray(cut)
        waiting = rest.length ? [rest] : []
        waitingBytes = rest.length
        cut = -1
      }
    }
    if (this.headerLeft || waitingBytes === 0) return
    // A last record without a newline.
    if (!endsWithNewline(waiting) && hasContent(waiting)) this.endRecord(this.recordLines)
    yield concat(waiting)
  }

  /** Whether the file's last quoted stretch was never closed (COPY then fails on it). */
  get unterminated(): boolean {
    return this.inQuote
  }
}

function endsWithNewline(pieces: Uint8Array[]): boolean {
  const last = pieces[pieces.length - 1]
  return last !== undefined && last[last.length - 1] === LF
}

function hasContent(pieces: Uint8Array[]): boolean {
  return pieces.some((p) => p.some((b) => b !== LF && b !== 0x0d))
}

function concat(pieces: Uint8Array[]): Uint8Array {
  if (pieces.length === 1) return pieces[0]
  return Buffer.concat(pieces)
}
