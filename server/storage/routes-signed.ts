import { emptyBody, signedTokenQuery, signObjectBody, signObjectsBody } from '@/lib/api-types/storage'
import { bucketNotFound } from './errors'
import { bucketLimits, readObject } from './objects'
import { objectReply } from './downloads'
import { callerOf, ok, type StorageContext, type StorageRoute } from './route'
import { asCaller, jsonRows, PLATFORM_CALLER } from './sql'
import { signObjectToken, verifyObjectToken } from './tokens'
import { checkMayUpload, uploadObject } from './uploads'
import { requireImageTransformations } from './plan'
import { signRenderUrl } from './transform/signed'
import { firstHeader as header } from '../http/headers'

/**
 * Public objects and signed URLs (tokens.ts). Signing needs the caller's right to read the object
 * (or, for an upload URL, to write it: checked by a dry run); using a signed URL needs only its
 * token, which names the object, so the object is then read by the platform. A public bucket's
 * objects are read by anyone who knows their names, as on Supabase.
 */

/** How long a signed upload URL lives: two hours, as Supabase's. */
export const SIGNED_UPLOAD_SECONDS = 2 * 3600

const objectUrl = (ctx: StorageContext) => `${ctx.params.bucket}/${ctx.params.path}`

export const signedRoutes: StorageRoute[] = [
  {
    method: 'POST',
    path: '/object/sign/:bucket/*path',
    summary: 'Sign a download URL for an object the caller may read',
    handler: async (ctx) => {
      const { expiresIn, transform } = await ctx.json(signObjectBody)
      await asCaller(ctx.ref, callerOf(ctx), (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal)
      if (transform && Object.keys(transform).length) {
        await requireImageTransformations(ctx.ref)
        return ok({ signedURL: await signRenderUrl(ctx.ref, ctx.params.bucket, ctx.params.path, expiresIn, transform) })
      }
      const token = await signObjectToken(ctx.ref, objectUrl(ctx), 'download', expiresIn)
      return ok({ signedURL: `/object/sign/${objectUrl(ctx)}?token=${token}` })
    },
  },
  {
    method: 'POST',
    path: '/object/sign/:bucket',
    summary: 'Sign download URLs for several objects',
    handler: async (ctx) => {
      const { expiresIn, paths } = await ctx.json(signObjectsBody)
      const bucket = ctx.params.bucket
      const seen = await asCaller(ctx.ref, callerOf(ctx), (s) =>
        jsonRows<{ name: string }>(s, 'select name from storage.objects where bucket_id = $1::text and name = any(array(select pg_catalog.jsonb_array_elements_text($2::jsonb)))', [bucket, JSON.stringify(paths)])
      , ctx.signal)
      const visible = new Set(seen.map((r) => r.name))
      return ok(
        await Promise.all(
          paths.map(async (path) =>
            visible.has(path)
              ? { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${await signObjectToken(ctx.ref, `${bucket}/${path}`, 'download', expiresIn)}` }
              : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null }
          )
        )
      )
    },
  },
  {
    method: 'GET',
    path: '/object/sign/:bucket/*path',
    summary: 'Download an object by its signed URL',
    open: true,
    handler: async (ctx) => {
      const { token, download } = ctx.query(signedTokenQuery)
      await verifyObjectToken(ctx.ref, token, objectUrl(ctx), 'download')
      const row = await asCaller(ctx.ref, PLATFORM_CALLER, (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal)
      return objectReply(ctx.ref, row, download ?? null, header(ctx.req.headers.range))
    },
  },
  {
    method: 'POST',
    path: '/object/upload/sign/:bucket/*path',
    summary: 'Sign an upload URL for a name the caller may write',
    handler: async (ctx) => {
      await ctx.json(emptyBody)
      const caller = callerOf(ctx)
      const upsert = header(ctx.req.headers['x-upsert'])?.toLowerCase() === 'true'
      await checkMayUpload(ctx.ref, caller, { bucket: ctx.params.bucket, name: ctx.params.path }, upsert)
      const owner = typeof caller.claims.sub === 'string' && caller.claims.sub ? caller.claims.sub : null
      const token = await signObjectToken(ctx.ref, objectUrl(ctx), 'upload', SIGNED_UPLOAD_SECONDS, { owner, upsert })
      return ok({ url: `/object/upload/sign/${objectUrl(ctx)}?token=${token}`, token })
    },
  },
  {
    method: 'PUT',
    path: '/object/upload/sign/:bucket/*path',
    summary: 'Upload an object by its signed upload URL',
    open: true,
    handler: async (ctx) => {
      const { token } = ctx.query(signedTokenQuery)
      const grant = await verifyObjectToken(ctx.ref, token, objectUrl(ctx), 'upload')
      // The signer's right was checked when the URL was made; the row is theirs.
      const caller = { role: 'service_role' as const, claims: { role: 'service_role', ...(grant.owner ? { sub: grant.owner } : {}) } }
      const target = { bucket: ctx.params.bucket, name: ctx.params.path }
      return ok(await uploadObject(ctx.ref, caller, ctx.req, target, grant.upsert ? 'upsert' : 'create'))
    },
  },
  {
    method: 'GET',
    path: '/object/public/:bucket/*path',
    summary: 'Download an object of a public bucket',
    open: true,
    handler: async (ctx) => {
      const bucket = await asCaller(ctx.ref, PLATFORM_CALLER, (s) => bucketLimits(s, ctx.params.bucket), ctx.signal)
      if (!bucket?.public) throw bucketNotFound()
      const row = await asCaller(ctx.ref, PLATFORM_CALLER, (s) => readObject(s, ctx.params.bucket, ctx.params.path), ctx.signal)
      const download = new URL(ctx.req.url ?? '/', 'http://localhost').searchParams.get('download')
      return objectReply(ctx.ref, row, download, header(ctx.req.headers.range))
    },
  },
]
