import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import * as tus from 'tus-js-client'

/** What tus-js-client ended with: the upload's URL, or the error and its answer's status and body. */
export type TusOutcome = { url: string | null; error: (Error & { status?: number; body?: string }) | null }

/** Uploads `data` with tus-js-client as an app does against Supabase; resolves on success or on the error it gives up with. */
export function tusUpload(endpoint: string, data: Buffer, options: { key: string; apikey?: string; bucket: string; name: string; contentType?: string; upsert?: boolean; retryDelays?: number[]; onProgress?: (sent: number) => void }): Promise<TusOutcome> {
  return new Promise((resolve) => {
    const upload = new tus.Upload(data, {
      endpoint,
      retryDelays: options.retryDelays ?? [],
      headers: { authorization: `Bearer ${options.key}`, apikey: options.apikey ?? options.key, 'x-upsert': options.upsert ? 'true' : 'false' },
      metadata: { bucketName: options.bucket, objectName: options.name, contentType: options.contentType ?? 'application/octet-stream', cacheControl: '3600' },
      onProgress: (sent) => options.onProgress?.(sent),
      onSuccess: () => resolve({ url: upload.url, error: null }),
      onError: (error) => {
        const answer = (error as tus.DetailedError).originalResponse
        resolve({ url: upload.url, error: Object.assign(error, { status: answer?.getStatus(), body: answer?.getBody() }) })
      },
    })
    upload.start()
  })
}

/**
 * A TCP proxy in front of a server that cuts the first connection once `cutAfter` bytes have gone
 * through it from the client (a dropped connection mid-request); counts the bytes each connection carried.
 */
export async function cuttingProxy(target: URL, cutAfter: number) {
  const carried: number[] = []
  let cuts = 0
  const server = net.createServer((client) => {
    const index = carried.push(0) - 1
    const upstream = net.connect(Number(target.port), target.hostname)
    client.on('data', (chunk: Buffer) => {
      carried[index] += chunk.length
      if (cuts === 0 && index === carried.length - 1 && carried.reduce((a, b) => a + b, 0) > cutAfter) {
        cuts++
        client.destroy()
        upstream.destroy()
        return
      }
      upstream.write(chunk)
    })
    upstream.on('data', (chunk: Buffer) => client.write(chunk))
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { url: `http://127.0.0.1:${port}`, carried, cuts: () => cuts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The headers of a raw tus request (tus-js-client sends the same). */
export const tusHeaders = (token: string, apikey = token, more: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', authorization: `Bearer ${token}`, apikey, ...more })

/** Upload-Metadata of a bucket and an object name. */
export const tusMetadata = (bucket: string, name: string) => `bucketName ${Buffer.from(bucket).toString('base64')},objectName ${Buffer.from(name).toString('base64')}`

/** A server process on the suspended platform's store (helpers/storage-server-child.ts); resolves once it listens. */
export function startServerProcess(env: Record<string, string> = {}): Promise<{ origin: string; swept: { versions: number; temporary: number; resumable: number } | null; child: ChildProcess }> {
  const root = path.resolve(__dirname, '../../..')
  // node itself with tsx's loader (not the tsx command, whose server would be a grandchild a kill misses).
  const child = spawn(process.execPath, ['--require', path.join(root, 'node_modules/tsx/dist/preflight.cjs'), '--import', pathToFileURL(path.join(root, 'node_modules/tsx/dist/loader.mjs')).href, 'tests/api/helpers/storage-server-child.ts'], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n').find((l) => l.startsWith('{"origin"'))
      if (line) resolve({ ...JSON.parse(line), child })
    })
    child.on('exit', (code) => reject(new Error(`The server process ended (${code}) before listening: ${err.slice(-2000)}`)))
  })
}

/** Kills a server process at once (no cleanup of its own) and waits until it is gone. */
export function killNow(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
