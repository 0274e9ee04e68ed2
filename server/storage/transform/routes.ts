import { signedTransformQuery, transformQuery } from '@/lib/api-types/storage-transform'
import { bucketNotFound } from '../errors'
import { bucketLimits, readObject } from '../objects'
import { callerOf, type StorageContext, type StorageRoute } from '../route'
import { asCaller, PLATFORM_CALLER } from '../sql'
import { transformedReply } from './render'
import { verifyRenderToken } from './signed'

/**
 * The image transformation routes storage-js calls: `download(path, { transform })` (as the caller,
 * so row level security decides exactly as for a download), `getPublicUrl(path, { transform })`
 * (a public bucket's objects, open), and the URL `createSignedUrl(path, expiresIn, { transform })`
 * returns (open, its token the credential and the transformation's source).
 */

const objectUrl = (ctx: StorageContext) => `${ctx.params.bucket}/${ctx.params.path}`
const asPlatform = (ctx: StorageContext) => asCaller(ctx.ref, PLATFORM_CALLER, (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal)

export const transformRoutes: StorageRoute[] = [
  {
    method: 'GET',
    path: '/render/image/authenticated/:bucket/*path',
    summary: 'Download an image transformed, as the caller',
    handler: async (ctx) => {
      const { download, ...options } = ctx.query(transformQuery)
      const row = await asCaller(ctx.ref, callerOf(ctx), (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal)
      return transformedReply(ctx, row, options, download ?? null)
    },
  },
  {
    method: 'GET',
    path: '/render/image/public/:bucket/*path',
    summary: 'Download an image of a public bucket transformed',
    open: true,
    handler: async (ctx) => {
      const { download, ...options } = ctx.query(transformQuery)
      const bucket = await asCaller(ctx.ref, PLATFORM_CALLER, (s) => bucketLimits(s, ctx.params.bucket), ctx.signal)
      if (!bucket?.public) throw bucketNotFound()
      return transformedReply(ctx, await asPlatform(ctx), options, download ?? null)
    },
  },
  {
    method: 'GET',
    path: '/render/image/sign/:bucket/*path',
    summary: 'Download an image transformed by its signed URL',
    open: true,
    handler: async (ctx) => {
      const { token, download, ...asked } = ctx.query(signedTransformQuery)
      const options = await verifyRenderToken(ctx.ref, token, objectUrl(ctx), asked)
      return transformedReply(ctx, await asPlatform(ctx), options, download ?? null)
    },
  },
]
