import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import type { z } from 'zod'
import type { StorageCaller } from './sql'

/**
 * How a route of the storage API (`{url}/storage/v1`) is declared: its method and path below
 * `/storage/v1` (`:name` one part, `*name` the rest, slashes and all: an object's name), whether
 * it is `open` (no project key: public objects and signed URLs, which browsers open directly,
 * their token or the bucket's being public the only credential), and its handler, which gets the
 * caller and parses its own body and query against zod schemas (lib/api-types/storage.ts).
 */
export type StorageMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export type StorageContext = {
  ref: string
  req: IncomingMessage
  /** Null on open routes. */
  caller: StorageCaller | null
  params: Record<string, string>
  /** The query string against a schema (400 naming what is wrong). */
  query<S extends z.ZodType>(schema: S): z.infer<S>
  /** The JSON body against a schema (400 naming what is wrong; 413 past 1 MB). */
  json<S extends z.ZodType>(schema: S): Promise<z.infer<S>>
  signal: AbortSignal
}

export type StorageReply = { status: number; json?: unknown; stream?: Readable; headers?: Record<string, string> }

export type StorageRoute = {
  method: StorageMethod
  path: string
  summary: string
  open?: true
  handler: (ctx: StorageContext) => Promise<StorageReply>
}

export const ok = (json: unknown): StorageReply => ({ status: 200, json })

/** The caller of a route that is not open (the handler has checked it). */
export function callerOf(ctx: StorageContext): StorageCaller {
  if (!ctx.caller) throw new Error('This storage route needs a caller')
  return ctx.caller
}
