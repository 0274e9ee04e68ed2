import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { getServerConfig } from '@/lib/config'
import { PROJECT_REF_PATTERN } from '@/lib/constants'
import { TooLarge, type ByteStore, type StoredVersion } from './byte-store'

/**
 * The byte store on local disk: `DATA_DIR/files/<ref>/objects/<ab>/<version>` (`ab`: the version's
 * first two characters, so no directory holds millions), and `DATA_DIR/files/<ref>/tmp/` for
 * uploads under way (and `tus/` for resumable ones, resumable/). A version is written to a temporary file, fsynced, renamed to its name and
 * its directory fsynced: once `write` resolves, the version survives a crash whole, and before
 * that no version exists at all. Names are made here (random UUIDs), never taken from a request.
 */

const VERSION_PATTERN = /^[0-9a-f-]{36}$/

function projectDir(ref: string): string {
  if (!PROJECT_REF_PATTERN.test(ref)) throw new Error(`Invalid project ref: ${ref}`)
  return path.resolve(getServerConfig().dataDir, 'files', ref)
}

function versionPath(ref: string, version: string): string {
  if (!VERSION_PATTERN.test(version)) throw new Error('Invalid object version')
  return path.join(projectDir(ref), 'objects', version.slice(0, 2), version)
}

const tmpDir = (ref: string) => path.join(projectDir(ref), 'tmp')

async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Writes `source` to a new temporary file, fsynced; removes it on any failure. */
async function writeTemporary(ref: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<{ file: string; size: number; md5: string }> {
  await fs.promises.mkdir(tmpDir(ref), { recursive: true })
  const file = path.join(tmpDir(ref), `${crypto.randomUUID()}.part`)
  const handle = await fs.promises.open(file, 'wx', 0o600)
  const hash = crypto.createHash('md5')
  let size = 0
  try {
    for await (const chunk of source) {
      size += chunk.length
      if (size > maxBytes) throw new TooLarge(maxBytes)
      hash.update(chunk)
      for (let offset = 0; offset < chunk.length; ) offset += (await handle.write(chunk, offset, chunk.length - offset)).bytesWritten
    }
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => {})
    await fs.promises.rm(file, { force: true })
    throw error
  }
  await handle.close()
  return { file, size, md5: hash.digest('hex') }
}

/** Renames a complete temporary file to a new version's name, durably. */
async function publish(ref: string, written: { file: string; size: number; md5: string }): Promise<StoredVersion> {
  const version = crypto.randomUUID()
  const target = versionPath(ref, version)
  try {
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    await fs.promises.rename(written.file, target)
    await fsyncDir(path.dirname(target))
  } catch (error) {
    await fs.promises.rm(written.file, { force: true })
    throw error
  }
  return { version, size: written.size, md5: written.md5 }
}

/** Bytes read at a time for a download: 1 MiB rather than Node's 64 KiB, fewer turns of the loop per file. */
const READ_CHUNK_BYTES = 1024 * 1024

async function* fileChunks(file: string): AsyncIterable<Uint8Array> {
  yield* fs.createReadStream(file)
}

export function diskByteStore(): ByteStore {
  return {
    async write(ref, source, maxBytes) {
      return publish(ref, await writeTemporary(ref, source, maxBytes))
    },
    async read(ref, version, range) {
      const file = versionPath(ref, version)
      try {
        // Opened first: a version removed after this still reads to its end.
        const handle = await fs.promises.open(file, 'r')
        const { size } = await handle.stat()
        return { stream: handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, ...(range ? { start: range.start, end: range.end } : {}) }), size }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async copy(ref, version) {
      return publish(ref, await writeTemporary(ref, fileChunks(versionPath(ref, version)), Number.MAX_SAFE_INTEGER))
    },
    async remove(ref, versions) {
      await Promise.all(versions.map((version) => fs.promises.rm(versionPath(ref, version), { force: true })))
    },
    async versionsOlderThan(ref, before) {
      const root = path.join(projectDir(ref), 'objects')
      const found: string[] = []
      const shards = await fs.promises.readdir(root).catch(() => [] as string[])
      for (const shard of shards) {
        for (const name of await fs.promises.readdir(path.join(root, shard)).catch(() => [] as string[])) {
          if (!VERSION_PATTERN.test(name)) continue
          const stat = await fs.promises.stat(path.join(root, shard, name)).catch(() => null)
          if (stat && stat.mtime < before) found.push(name)
        }
      }
      return found
    },
    async removeStaleTemporary(ref, before) {
      let removed = 0
      for (const name of await fs.promises.readdir(tmpDir(ref)).catch(() => [] as string[])) {
        const file = path.join(tmpDir(ref), name)
        const stat = await fs.promises.stat(file).catch(() => null)
        if (stat && stat.mtime < before) {
          await fs.promises.rm(file, { force: true })
          removed++
        }
      }
      return removed
    },
    async bytesStored(ref) {
      const root = path.join(projectDir(ref), 'objects')
      let total = 0
      for (const shard of await fs.promises.readdir(root).catch(() => [] as string[])) {
        for (const name of await fs.promises.readdir(path.join(root, shard)).catch(() => [] as string[])) {
          total += (await fs.promises.stat(path.join(root, shard, name)).catch(() => null))?.size ?? 0 // a version may go while we count
        }
      }
      return total
    },
    async removeProject(ref) {
      await fs.promises.rm(projectDir(ref), { recursive: true, force: true })
    },
  }
}
