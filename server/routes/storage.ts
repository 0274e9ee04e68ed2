import { emptyBody } from '@/lib/api-types/projects'
import {
  bucketIdParam,
  createBucketPlatformBody,
  deleteObjectsBody,
  foldersBody,
  listObjectsPlatformBody,
  moveFolderBody,
  patchBucketBody,
  publicUrlBody,
  relocateObjectBody,
  signObjectUrlBody,
  uploadUrlBody,
} from '@/lib/api-types/storage-platform'
import { route } from '../http/route'
import { respond } from '../http/types'
import { refParams } from '../projects/schemas'
import {
  copyObjectOf,
  createBucketOf,
  deleteBucketOf,
  deleteObjectsOf,
  emptyBucketOf,
  getBucketOf,
  listBucketsOf,
  listObjectsOf,
  moveObjectOf,
  publicObjectUrl,
  signObjectUrl,
  updateBucketOf,
  uploadUrlOf,
} from '../storage-dashboard/manage'
import { countFoldersOf, deleteFoldersOf, moveFolderOf } from '../storage-dashboard/folders'

/**
 * Dashboard → Storage: a project's buckets and objects (lib/api-types/storage-platform.ts), as its
 * service role through the storage API's own modules (storage-dashboard/manage.ts). Every member
 * reads and gets short-lived URLs to look at files; Developers and above change them. Bytes never
 * pass through these routes: the browser sends them to a signed upload URL minted here.
 */

const BASE = '/platform/storage/:ref/buckets'
const reader = { scope: 'project', minimum: 'Read-only' } as const
const developer = { scope: 'project', minimum: 'Developer' } as const
const bucketParams = refParams.extend({ id: bucketIdParam })

export const storageRoutes = [
  route({
    method: 'GET',
    path: BASE,
    summary: "List a project's buckets",
    access: reader,
    params: refParams,
    handler: async ({ project, req }) => listBucketsOf(project.ref, req.signal),
  }),
  route({
    method: 'POST',
    path: BASE,
    summary: 'Create a bucket (public or private, file size limit, allowed MIME types)',
    access: developer,
    params: refParams,
    body: createBucketPlatformBody,
    handler: async ({ project, body, req }) => respond(201, await createBucketOf(project.ref, { ...body, file_size_limit: body.file_size_limit }, req.signal)),
  }),
  route({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'A bucket',
    access: reader,
    params: bucketParams,
    handler: async ({ project, params, req }) => getBucketOf(project.ref, params.id, req.signal),
  }),
  route({
    method: 'PATCH',
    path: `${BASE}/:id`,
    summary: "Change a bucket's settings",
    access: developer,
    params: bucketParams,
    body: patchBucketBody,
    handler: async ({ project, params, body, req }) => updateBucketOf(project.ref, params.id, { ...body, file_size_limit: body.file_size_limit }, req.signal),
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Delete a bucket and its objects',
    access: developer,
    params: bucketParams,
    handler: async ({ project, params, req }) => {
      await deleteBucketOf(project.ref, params.id, req.signal)
      return respond(204)
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/empty`,
    summary: "Delete a bucket's objects",
    access: developer,
    params: bucketParams,
    body: emptyBody,
    handler: async ({ project, params, req }) => {
      await emptyBucketOf(project.ref, params.id, req.signal)
      return respond(204)
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/list`,
    summary: 'List one level of a bucket (prefix, search, sort, paging)',
    access: reader,
    params: bucketParams,
    body: listObjectsPlatformBody,
    handler: async ({ project, params, body, req }) => listObjectsOf(project.ref, params.id, body, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/sign`,
    summary: 'A signed download URL of an object for a chosen time (optionally transformed)',
    access: reader,
    params: bucketParams,
    body: signObjectUrlBody,
    handler: async ({ project, params, body, req }) => signObjectUrl(project.ref, req.headers, params.id, body, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/public-url`,
    summary: 'The public URL of an object of a public bucket',
    access: reader,
    params: bucketParams,
    body: publicUrlBody,
    handler: async ({ project, params, body, req }) => publicObjectUrl(project.ref, req.headers, params.id, body.path, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/move`,
    summary: 'Move or rename an object within its bucket',
    access: developer,
    params: bucketParams,
    body: relocateObjectBody,
    handler: async ({ project, params, body, req }) => {
      await moveObjectOf(project.ref, params.id, body.from, body.to, req.signal)
      return respond(204)
    },
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/copy`,
    summary: 'Copy an object within its bucket',
    access: developer,
    params: bucketParams,
    body: relocateObjectBody,
    handler: async ({ project, params, body, req }) => {
      await copyObjectOf(project.ref, params.id, body.from, body.to, req.signal)
      return respond(201)
    },
  }),
  route({
    method: 'DELETE',
    path: `${BASE}/:id/objects`,
    summary: 'Delete objects by path',
    access: developer,
    params: bucketParams,
    body: deleteObjectsBody,
    handler: async ({ project, params, body, req }) => deleteObjectsOf(project.ref, params.id, body.paths, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/folders/count`,
    summary: 'How many files folders hold, at any depth',
    access: reader,
    params: bucketParams,
    body: foldersBody,
    handler: async ({ project, params, body, req }) => countFoldersOf(project.ref, params.id, body.prefixes, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/folders/delete`,
    summary: 'Delete folders with everything under them',
    access: developer,
    params: bucketParams,
    body: foldersBody,
    handler: async ({ project, params, body, req }) => deleteFoldersOf(project.ref, params.id, body.prefixes, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/folders/move`,
    summary: 'Move or rename a folder with everything under it',
    access: developer,
    params: bucketParams,
    body: moveFolderBody,
    handler: async ({ project, params, body, req }) => moveFolderOf(project.ref, params.id, body.from, body.to, req.signal),
  }),
  route({
    method: 'POST',
    path: `${BASE}/:id/objects/upload-url`,
    summary: 'A signed upload URL for one path (the browser sends the bytes there)',
    access: developer,
    params: bucketParams,
    body: uploadUrlBody,
    handler: async ({ project, params, body, req }) => respond(201, await uploadUrlOf(project.ref, req.headers, params.id, body.path, body.upsert)),
  }),
]
