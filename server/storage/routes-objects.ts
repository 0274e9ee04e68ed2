import { listObjectsBody, listObjectsV2Body, moveObjectBody, removeObjectsBody, type MoveObjectInput } from '@/lib/api-types/storage'
import { objectNameProblem } from '@/lib/storage/limits'
import { byteStore } from './byte-store-in-use'
import { bucketNotFound, invalidRequest, objectNotFound } from './errors'
import { deleteObjects, listObjects, moveObject, readObject, writeObject } from './objects'
import { objectInfo, objectReply } from './downloads'
import { listObjectsV2 } from './list-v2'
import { callerOf, ok, type StorageContext, type StorageRoute } from './route'
import { asCaller, type StorageCaller } from './sql'
import { uploadObject } from './uploads'
import { firstHeader as header } from '../http/headers'

/**
 * The object routes of the storage API: every read and write as the caller's role, so the
 * project's policies on `storage.objects` decide (uploads.ts for the order of an upload's steps).
 */


/** `x-upsert: true` replaces an object of the same name; anything else refuses it (409). */
const upsertOf = (ctx: StorageContext) => header(ctx.req.headers['x-upsert'])?.toLowerCase() === 'true'

function checkedName(name: string): string {
  const problem = objectNameProblem(name)
  if (problem) throw invalidRequest(`Invalid key: ${problem}`)
  return name
}

/** A Postgres foreign key error on a move or copy: the destination bucket does not exist. */
const noSuchBucket = (error: unknown): never => {
  if ((error as { code?: string } | null)?.code === '23503') throw bucketNotFound()
  throw error
}

const rangeOf = (ctx: StorageContext) => header(ctx.req.headers.range)

const downloadParam = (ctx: StorageContext) => new URL(ctx.req.url ?? '/', 'http://localhost').searchParams.get('download')

/** Deletes objects of the route's bucket the caller's policies let them delete; their versions once committed. */
async function deleteAsCaller(ctx: StorageContext, names: string[]) {
  const rows = await asCaller(ctx.ref, callerOf(ctx), (s) => deleteObjects(s, ctx.params.bucket, names), ctx.signal)
  await byteStore().remove(ctx.ref, rows.flatMap((r) => (r.version ? [r.version] : [])))
  return rows
}

/** The caller's download: their policies must let them read the row. */
async function downloadAsCaller(ctx: StorageContext) {
  const row = await asCaller(ctx.ref, callerOf(ctx), (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal)
  return objectReply(ctx.ref, row, downloadParam(ctx), rangeOf(ctx))
}

/** Copies an object as `caller` (its bytes as a new version); the dashboard's copy calls it too. */
export async function copyObject(ref: string, caller: StorageCaller, body: MoveObjectInput, upsert: boolean, signal?: AbortSignal) {
  const to = { bucket: body.destinationBucket ?? body.bucketId, name: checkedName(body.destinationKey) }
  const source = await asCaller(ref, caller, (s) => readObject(s, body.bucketId, body.sourceKey), signal)
  if (!source.version || !source.metadata) throw invalidRequest('The source object has no bytes to copy')
  const store = byteStore()
  const copied = await store.copy(ref, source.version)
  try {
    const object = { ...to, version: copied.version, metadata: { ...source.metadata, lastModified: new Date().toISOString() }, userMetadata: source.user_metadata }
    const { row } = await asCaller(ref, caller, (s) => writeObject(s, object, upsert), signal).catch(noSuchBucket)
    return { Id: row.id, Key: `${to.bucket}/${to.name}` }
  } catch (error) {
    await store.remove(ref, [copied.version]).catch(() => {})
    throw error
  }
}

export const objectRoutes: StorageRoute[] = [
  {
    method: 'POST',
    path: '/object/list/:bucket',
    summary: 'List one level of a bucket (prefix, search, sort, paging)',
    handler: async (ctx) => {
      const body = await ctx.json(listObjectsBody)
      return ok(await asCaller(ctx.ref, callerOf(ctx), (s) => listObjects(s, ctx.params.bucket, body), ctx.signal))
    },
  },
  {
    method: 'POST',
    path: '/object/list-v2/:bucket',
    summary: 'List keys after a cursor, flat or one level (listV2)',
    handler: async (ctx) => {
      const body = await ctx.json(listObjectsV2Body)
      return ok(await asCaller(ctx.ref, callerOf(ctx), (s) => listObjectsV2(s, ctx.params.bucket, body), ctx.signal))
    },
  },
  {
    method: 'POST',
    path: '/object/move',
    summary: 'Move or rename an object',
    handler: async (ctx) => {
      const body = await ctx.json(moveObjectBody)
      const to = { bucket: body.destinationBucket ?? body.bucketId, name: checkedName(body.destinationKey) }
      await asCaller(ctx.ref, callerOf(ctx), (s) => moveObject(s, { bucket: body.bucketId, name: body.sourceKey }, to), ctx.signal).catch(noSuchBucket)
      return ok({ message: 'Successfully moved' })
    },
  },
  {
    method: 'POST',
    path: '/object/copy',
    summary: 'Copy an object',
    handler: async (ctx) => ok(await copyObject(ctx.ref, callerOf(ctx), await ctx.json(moveObjectBody), upsertOf(ctx), ctx.signal)),
  },
  {
    method: 'GET',
    path: '/object/info/:bucket/*path',
    summary: "An object's details",
    handler: async (ctx) => ok(objectInfo(await asCaller(ctx.ref, callerOf(ctx), (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal))),
  },
  { method: 'GET', path: '/object/authenticated/:bucket/*path', summary: 'Download an object as the caller', handler: downloadAsCaller },
  { method: 'GET', path: '/object/:bucket/*path', summary: 'Download an object as the caller', handler: downloadAsCaller },
  {
    method: 'POST',
    path: '/object/:bucket/*path',
    summary: 'Upload an object (x-upsert: true replaces one of the same name)',
    handler: async (ctx) => {
      const target = { bucket: ctx.params.bucket, name: ctx.params.path }
      return ok(await uploadObject(ctx.ref, callerOf(ctx), ctx.req, target, upsertOf(ctx) ? 'upsert' : 'create'))
    },
  },
  {
    method: 'PUT',
    path: '/object/:bucket/*path',
    summary: "Replace an object's bytes",
    handler: async (ctx) => ok(await uploadObject(ctx.ref, callerOf(ctx), ctx.req, { bucket: ctx.params.bucket, name: ctx.params.path }, 'update')),
  },
  {
    method: 'DELETE',
    path: '/object/:bucket/*path',
    summary: 'Delete an object',
    handler: async (ctx) => {
      if ((await deleteAsCaller(ctx, [ctx.params.path])).length === 0) throw objectNotFound()
      return ok({ message: 'Successfully deleted' })
    },
  },
  {
    method: 'DELETE',
    path: '/object/:bucket',
    summary: 'Delete objects by name',
    handler: async (ctx) => {
      const body = await ctx.json(removeObjectsBody)
      const names = body.prefixes.map((p) => (typeof p === 'string' ? p : p.path))
      const rows = await deleteAsCaller(ctx, names)
      return ok(rows.map(({ version: _version, ...row }) => row))
    },
  },
]
