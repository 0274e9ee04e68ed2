import fs from 'node:fs'
import path from 'node:path'
import type S3rver from 's3rver'

/**
 * The three multipart calls s3rver (the S3-compatible test server) lacks and @tus/s3-store makes:
 * ListParts (where a resumed upload stands), AbortMultipartUpload and ListMultipartUploads (the
 * sweep). Answered from the parts s3rver itself keeps on disk for UploadPart, in S3's XML, by a
 * middleware placed before its own routes. Test-only: a real store (AWS S3, MinIO, R2) has them.
 */

type Ctx = { method: string; url: string; status: number; body: unknown; type: string }
type Store = { getResourcePath(bucket: string, key: string | undefined, resource: string): string }

const xml = (root: string, inner: string) => `<?xml version="1.0" encoding="UTF-8"?><${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</${root}>`
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function noSuchUpload(ctx: Ctx, id: string) {
  ctx.status = 404
  ctx.type = 'application/xml'
  ctx.body = xml('Error', `<Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${esc(id)}</UploadId>`)
}

function listParts(ctx: Ctx, dir: string, bucket: string, key: string, id: string) {
  const numbers = fs.readdirSync(dir).filter((f) => /^\d+$/.test(f)).map(Number).sort((a, b) => a - b)
  const parts = numbers.map((n) => {
    const file = path.join(dir, String(n))
    const md5 = fs.readFileSync(`${file}.md5`, 'utf8')
    const stat = fs.statSync(file)
    return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`
  })
  ctx.type = 'application/xml'
  ctx.body = xml(
    'ListPartsResult',
    `<Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key><UploadId>${esc(id)}</UploadId><PartNumberMarker>0</PartNumberMarker>` +
      `<NextPartNumberMarker>${numbers.at(-1) ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}`
  )
}

function listUploads(ctx: Ctx, root: string, bucket: string, prefix: string) {
  const ids = fs.existsSync(root) ? fs.readdirSync(root) : []
  const uploads = ids.flatMap((id) => {
    const keyFile = path.join(root, id, 'key')
    if (!fs.existsSync(keyFile)) return []
    const key = fs.readFileSync(keyFile, 'utf8')
    if (!key.startsWith(prefix)) return []
    return [`<Upload><Key>${esc(key)}</Key><UploadId>${esc(id)}</UploadId><Initiated>${fs.statSync(keyFile).mtime.toISOString()}</Initiated></Upload>`]
  })
  ctx.type = 'application/xml'
  ctx.body = xml('ListMultipartUploadsResult', `<Bucket>${esc(bucket)}</Bucket><Prefix>${esc(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads.join('')}`)
}

/** Adds the calls to `server`; before `server.run()`, which composes its middleware. */
export function addMultipartCalls(server: S3rver): void {
  const store = (server as unknown as { store: Store }).store
  const middleware = async (ctx: Ctx, next: () => Promise<void>) => {
    const url = new URL(ctx.url, 'http://s3')
    const [bucket, ...keyParts] = url.pathname.slice(1).split('/').map(decodeURIComponent)
    const key = keyParts.join('/')
    const id = url.searchParams.get('uploadId')
    const root = store.getResourcePath(bucket, undefined, 'uploads')
    if (id && !url.searchParams.has('partNumber') && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(root, id)
      if (!fs.existsSync(dir)) return noSuchUpload(ctx, id)
      if (ctx.method === 'GET') return listParts(ctx, dir, bucket, key, id)
      fs.rmSync(dir, { recursive: true, force: true })
      ctx.status = 204
      return
    }
    if (ctx.method === 'GET' && url.searchParams.has('uploads') && key === '') return listUploads(ctx, root, bucket, url.searchParams.get('prefix') ?? '')
    await next()
  }
  ;(server as unknown as { middleware: unknown[] }).middleware.unshift(middleware)
}
