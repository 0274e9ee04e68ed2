import type { BadCase } from './bad-input-project-api'
import type { ProjectApiWorld } from './project-api-world'

/**
 * Bad requests to a project's storage API (`{url}/storage/v1`) and how each is refused, in
 * Storage's shape: `status`, the error's `code`, and words the message must hold.
 */
export function storageCases(w: ProjectApiWorld): BadCase[] {
  const S = '/storage/v1'
  const text = { 'Content-Type': 'text/plain' }
  const name = () => `${w.unique('bad')}.txt`
  return [
    { label: 'an unknown bucket', method: 'GET', path: `${S}/bucket/no-such-bucket`, status: 404, code: 'NoSuchBucket', names: ['bucket'] },
    { label: 'a bucket name with a character it may not hold', method: 'POST', path: `${S}/bucket`, init: { body: { name: 'bad name!' } }, status: 400, code: 'InvalidRequest', names: ['name'] },
    { label: 'a bucket without a name', method: 'POST', path: `${S}/bucket`, init: { body: { public: true } }, status: 400, code: 'InvalidRequest', names: ['name'] },
    { label: 'a size limit that is no size', method: 'POST', path: `${S}/bucket`, init: { body: { name: w.unique('b'), file_size_limit: 'lots' } }, status: 400, code: 'InvalidRequest', names: ['file_size_limit'] },
    { label: 'a MIME type that is none', method: 'PUT', path: `${S}/bucket/walk-public`, init: { body: { allowed_mime_types: ['images'] } }, status: 400, code: 'InvalidRequest', names: ['allowed_mime_types'] },
    { label: 'public of the wrong type', method: 'PUT', path: `${S}/bucket/walk-public`, init: { body: { public: 'yes' } }, status: 400, code: 'InvalidRequest', names: ['public'] },
    { label: 'a duplicate bucket', method: 'POST', path: `${S}/bucket`, init: { body: { name: 'walk-public' } }, status: 409, code: 'Duplicate', names: ['exists'] },
    { label: 'a bucket sort of no column', method: 'GET', path: `${S}/bucket`, init: { query: '?sortColumn=size' }, status: 400, code: 'InvalidRequest', names: ['sortColumn'] },
    { label: 'a negative list limit', method: 'POST', path: `${S}/object/list/walk-public`, init: { body: { limit: -1 } }, status: 400, code: 'InvalidRequest', names: ['limit'] },
    { label: 'a listV2 page of no keys', method: 'POST', path: `${S}/object/list-v2/walk-public`, init: { body: { limit: 0 } }, status: 400, code: 'InvalidRequest', names: ['limit'] },
    { label: 'a list sorted by no column', method: 'POST', path: `${S}/object/list/walk-public`, init: { body: { sortBy: { column: 'size', order: 'asc' } } }, status: 400, code: 'InvalidRequest', names: ['sortBy.column'] },
    { label: 'an upload to an unknown bucket', method: 'POST', path: `${S}/object/no-such-bucket/${name()}`, init: { rawBody: 'x', headers: text }, status: 404, code: 'NoSuchBucket', names: ['bucket'] },
    { label: 'an upload whose name holds a control character', method: 'POST', path: `${S}/object/walk-public/a%01b.txt`, init: { rawBody: 'x', headers: text }, status: 400, code: 'InvalidRequest', names: ['control'] },
    { label: 'an upload with an empty folder', method: 'POST', path: `${S}/object/walk-public/a//b.txt`, init: { rawBody: 'x', headers: text }, status: 400, code: 'InvalidRequest', names: ['empty'] },
    { label: 'an upload of a duplicate name', method: 'POST', path: `${S}/object/walk-public/shared.txt`, init: { rawBody: 'x', headers: text }, status: 409, code: 'Duplicate', names: ['exists'] },
    { label: 'a multipart upload without a boundary', method: 'POST', path: `${S}/object/walk-public/${name()}`, init: { rawBody: 'x', headers: { 'Content-Type': 'multipart/form-data' } }, status: 400, code: 'InvalidRequest', names: ['multipart'] },
    { label: 'metadata that is not base64 JSON', method: 'POST', path: `${S}/object/walk-public/${name()}`, init: { rawBody: 'x', headers: { ...text, 'x-metadata': 'bm90IGpzb24=' } }, status: 400, code: 'InvalidRequest', names: ['metadata'] },
    { label: 'an update of no object', method: 'PUT', path: `${S}/object/walk-public/${name()}`, init: { rawBody: 'x', headers: text }, status: 404, code: 'NoSuchKey', names: ['object'] },
    { label: 'a download of no object', method: 'GET', path: `${S}/object/walk-public/${name()}`, status: 404, code: 'NoSuchKey', names: ['object'] },
    { label: 'a move to an unknown bucket', method: 'POST', path: `${S}/object/move`, init: { body: { bucketId: 'walk-public', sourceKey: 'shared.txt', destinationKey: 'x.txt', destinationBucket: 'no-such-bucket' } }, status: 404, code: 'NoSuchBucket', names: ['bucket'] },
    { label: 'a move without a destination', method: 'POST', path: `${S}/object/move`, init: { body: { bucketId: 'walk-public', sourceKey: 'shared.txt' } }, status: 400, code: 'InvalidRequest', names: ['destinationKey'] },
    { label: 'a copy of no object', method: 'POST', path: `${S}/object/copy`, init: { body: { bucketId: 'walk-public', sourceKey: 'none.txt', destinationKey: name() } }, status: 404, code: 'NoSuchKey', names: ['object'] },
    { label: 'a signed URL of no time', method: 'POST', path: `${S}/object/sign/walk-public/shared.txt`, init: { body: { expiresIn: 0 } }, status: 400, code: 'InvalidRequest', names: ['expiresIn'] },
    { label: 'signed URLs for no paths', method: 'POST', path: `${S}/object/sign/walk-public`, init: { body: { expiresIn: 60, paths: [] } }, status: 400, code: 'InvalidRequest', names: ['paths'] },
    { label: 'a signed URL without its token', method: 'GET', path: `${S}/object/sign/walk-public/shared.txt`, status: 400, code: 'InvalidRequest', names: ['token'] },
    { label: 'a signed URL with a forged token', method: 'GET', path: `${S}/object/sign/walk-public/shared.txt`, init: { query: '?token=eyJhbGciOiJIUzI1NiJ9.eyJ1cmwiOiJ3YWxrLXB1YmxpYy9zaGFyZWQudHh0In0.AAAA' }, status: 400, code: 'InvalidJWT', names: ['token'] },
    { label: 'a signed upload URL with a forged token', method: 'PUT', path: `${S}/object/upload/sign/walk-public/${name()}`, init: { query: '?token=not.a.token', rawBody: 'x', headers: text }, status: 400, code: 'InvalidJWT', names: ['token'] },
    { label: 'a public URL of a private bucket', method: 'GET', path: `${S}/object/public/walk-private/anything.txt`, status: 404, code: 'NoSuchBucket', names: ['bucket'] },
    { label: 'a removal of no paths', method: 'DELETE', path: `${S}/object/walk-public`, init: { body: { prefixes: [] } }, status: 400, code: 'InvalidRequest', names: ['prefixes'] },
    { label: 'a deletion of a bucket that is not empty', method: 'DELETE', path: `${S}/bucket/walk-public`, status: 409, names: ['empty'] },
    { label: 'an unknown storage path', method: 'GET', path: `${S}/no_such_endpoint`, status: 404, code: 'NotFound', names: ['no_such_endpoint'] },
    { label: 'a method no route takes', method: 'PATCH', path: `${S}/bucket/walk-public`, status: 405, names: ['PATCH'] },
    { label: 'an object name that is not percent-encoded UTF-8', method: 'GET', path: `${S}/object/walk-public/%E0%A4%A`, status: 400, code: 'InvalidRequest', names: ['percent-encoded'] },
    ...resumableCases(w),
  ]
}

/** Bad requests to the resumable upload endpoint (tus), refused in Storage's shape. */
function resumableCases(w: ProjectApiWorld): BadCase[] {
  const R = '/storage/v1/upload/resumable'
  const tus = (more: Record<string, string>) => ({ 'Tus-Resumable': '1.0.0', ...more })
  const meta = (bucket: string, name: string) => `bucketName ${Buffer.from(bucket).toString('base64')},objectName ${Buffer.from(name).toString('base64')}`
  return [
    { label: 'a resumable upload without Tus-Resumable', method: 'POST', path: R, init: { headers: { 'Upload-Length': '5' } }, status: 412, code: 'InvalidRequest', names: ['Tus-Resumable'] },
    { label: 'a resumable upload without its length', method: 'POST', path: R, init: { headers: tus({ 'Upload-Metadata': meta('walk-public', `${w.unique('r')}.txt`) }) }, status: 400, code: 'InvalidRequest', names: ['Upload-Length'] },
    { label: 'a resumable upload of deferred length', method: 'POST', path: R, init: { headers: tus({ 'Upload-Defer-Length': '1', 'Upload-Metadata': meta('walk-public', `${w.unique('r')}.txt`) }) }, status: 400, code: 'InvalidRequest', names: ['Upload-Length'] },
    { label: 'a resumable upload naming no bucket', method: 'POST', path: R, init: { headers: tus({ 'Upload-Length': '5' }) }, status: 400, code: 'InvalidRequest', names: ['bucketName'] },
    { label: 'a resumable upload to an unknown bucket', method: 'POST', path: R, init: { headers: tus({ 'Upload-Length': '5', 'Upload-Metadata': meta('no-such-bucket', 'a.txt') }) }, status: 404, code: 'NoSuchBucket', names: ['bucket'] },
    { label: 'a resumable upload with an empty folder', method: 'POST', path: R, init: { headers: tus({ 'Upload-Length': '5', 'Upload-Metadata': meta('walk-public', 'a//b.txt') }) }, status: 400, code: 'InvalidRequest', names: ['empty'] },
    { label: 'a PATCH of no upload', method: 'PATCH', path: `${R}/${'0'.repeat(32)}`, init: { headers: tus({ 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }), rawBody: 'x' }, status: 404, code: 'NoSuchUpload', names: ['upload'] },
    { label: 'a resumable upload read with GET', method: 'GET', path: `${R}/${'0'.repeat(32)}`, status: 405, names: ['GET'] },
  ]
}
