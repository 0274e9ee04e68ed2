import type { Readable } from 'node:stream'

/**
 * Where the bytes of a project's objects live, behind the one interface the storage API uses, so
 * that a store shared by several instances (S3) can stand beside the local disk.
 *
 * Bytes are never overwritten: each upload makes a new `version` (a random name the store picks),
 * and a row of `storage.objects` names the version it serves. An upload writes its version first,
 * complete and durable, and only then commits the row naming it; a replaced or deleted row's
 * version is removed after its transaction commits. So a row never names missing bytes, whatever
 * fails or crashes in between; what a crash can leave is a version no row names, which
 * `sweepOrphans` (sweep.ts) removes later, and a half-written temporary file, which the store
 * never shows as a version and the sweep removes too.
 */

/** A version written: its name, its size and its MD5 (the object's eTag). */
export type StoredVersion = { version: string; size: number; md5: string }

/** The bytes of a version, to stream; `size` is the whole file's. */
export type ReadVersion = { stream: Readable; size: number }

/** Bytes `start` to `end` of a version, both included (an HTTP range). */
export type ByteRange = { start: number; end: number }

export interface ByteStore {
  /**
   * Writes a new version from `source`. Resolves once the bytes are complete and durable; rejects
   * (with `TooLarge` past `maxBytes`, or the source's error) leaving nothing behind.
   */
  write(ref: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<StoredVersion>
  /** The bytes of a version (only `range` of them when given); null when it does not exist. */
  read(ref: string, version: string, range?: ByteRange): Promise<ReadVersion | null>
  /** A new version with the bytes of `version` (for copies: rows never share a version). */
  copy(ref: string, version: string): Promise<StoredVersion>
  /** Removes versions; those already gone are fine. */
  remove(ref: string, versions: readonly string[]): Promise<void>
  /** Versions (and temporary files) last written before `before`: the sweep's candidates. */
  versionsOlderThan(ref: string, before: Date): Promise<string[]>
  /** Removes temporary files of uploads that never finished, written before `before`. */
  removeStaleTemporary(ref: string, before: Date): Promise<number>
  /** Bytes the project's versions take (its storage size, for billing). */
  bytesStored(ref: string): Promise<number>
  /** Removes everything of a deleted project: its versions, temporary files and unfinished resumable uploads. */
  removeProject(ref: string): Promise<void>
}

/** An upload past its limit: the message says which limit. */
export class TooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object exceeded the maximum allowed size of ${maxBytes} bytes`)
    this.name = 'TooLarge'
  }
}
