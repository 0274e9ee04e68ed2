import { createBucketBody, emptyBody, listBucketsQuery, updateBucketBody } from '@/lib/api-types/storage'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets'
import { byteStore } from './byte-store-in-use'
import { asCaller } from './sql'
import { callerOf, ok, type StorageRoute } from './route'

/** The bucket routes of the storage API, as the caller's role (row level security on `storage.buckets` decides). */
export const bucketRoutes: StorageRoute[] = [
  {
    method: 'GET',
    path: '/bucket',
    summary: 'List buckets',
    handler: async (ctx) => {
      const query = ctx.query(listBucketsQuery)
      return ok(await asCaller(ctx.ref, callerOf(ctx), (s) => listBuckets(s, query), ctx.signal))
    },
  },
  {
    method: 'GET',
    path: '/bucket/:id',
    summary: 'Get a bucket',
    handler: async (ctx) => ok(await asCaller(ctx.ref, callerOf(ctx), (s) => getBucket(s, ctx.params.id), ctx.signal)),
  },
  {
    method: 'POST',
    path: '/bucket',
    summary: 'Create a bucket',
    handler: async (ctx) => {
      const body = await ctx.json(createBucketBody)
      return ok(await asCaller(ctx.ref, callerOf(ctx), (s) => createBucket(s, body), ctx.signal))
    },
  },
  {
    method: 'PUT',
    path: '/bucket/:id',
    summary: 'Update a bucket',
    handler: async (ctx) => {
      const body = await ctx.json(updateBucketBody)
      return ok(await asCaller(ctx.ref, callerOf(ctx), (s) => updateBucket(s, ctx.params.id, body), ctx.signal))
    },
  },
  {
    method: 'POST',
    path: '/bucket/:id/empty',
    summary: "Delete a bucket's objects",
    handler: async (ctx) => {
      await ctx.json(emptyBody)
      const versions = await asCaller(ctx.ref, callerOf(ctx), (s) => emptyBucket(s, ctx.params.id), ctx.signal)
      await byteStore().remove(ctx.ref, versions)
      return ok({ message: 'Successfully emptied' })
    },
  },
  {
    method: 'DELETE',
    path: '/bucket/:id',
    summary: 'Delete an empty bucket',
    handler: async (ctx) => ok(await asCaller(ctx.ref, callerOf(ctx), (s) => deleteBucket(s, ctx.params.id), ctx.signal)),
  },
]
