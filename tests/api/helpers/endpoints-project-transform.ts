import { expect } from 'vitest'
import type { BadCase } from './bad-input-project-api'
import type { ProjectEndpoint } from './endpoints-project-api'
import { stripedImage } from './images'
import { projectCall, type ProjectApiWorld, type ProjectResponse } from './project-api-world'

/**
 * How the walks call the image transformation lines of `expected-project-api.ts`
 * (`{url}/storage/v1/render/image/...`): a PNG in walk-public (its policy lets everyone read it),
 * uploaded once per world, and the bad requests each line refuses.
 */

const S = '/storage/v1'
const IMAGE = 'walk-image.png'
const images = new WeakMap<ProjectApiWorld, Promise<void>>()

/** walk-public/walk-image.png, uploaded with the service key the first time a line needs it. */
function withImage(w: ProjectApiWorld): Promise<void> {
  let made = images.get(w)
  if (!made) {
    made = stripedImage(40, 30, 5).then(async (png) => {
      const res = await projectCall(w, 'service', 'POST', `${S}/object/walk-public/${IMAGE}`, { rawBody: png, headers: { 'Content-Type': 'image/png' } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    })
    images.set(w, made)
  }
  return made
}

const isPng = (res: ProjectResponse) => expect([res.headers.get('content-type'), res.headers.get('x-transform-cache')]).toEqual(['image/png', expect.stringMatching(/^(hit|miss)$/)])

export const TRANSFORM_ENDPOINTS: ProjectEndpoint[] = [
  {
    key: 'GET /storage/v1/render/image/authenticated/:bucket/*path',
    prepare: async (w) => {
      await withImage(w)
      return { path: `${S}/render/image/authenticated/walk-public/${IMAGE}`, init: { query: '?width=20&height=20' } }
    },
    check: isPng,
  },
  {
    key: 'GET /storage/v1/render/image/public/:bucket/*path',
    prepare: async (w) => {
      await withImage(w)
      return { path: `${S}/render/image/public/walk-public/${IMAGE}`, init: { query: '?width=10' } }
    },
    check: isPng,
  },
  {
    key: 'GET /storage/v1/render/image/sign/:bucket/*path',
    prepare: async (w) => {
      await withImage(w)
      const res = await projectCall(w, 'service', 'POST', `${S}/object/sign/walk-public/${IMAGE}`, { body: { expiresIn: 600, transform: { width: 12, resize: 'fill' } } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const [path, query] = String(res.body.signedURL).split('?')
      return { path: `${S}${path}`, init: { query: `?${query}` } }
    },
    check: isPng,
  },
]

/** Bad requests to the transformation routes: each refused before any object is read or image rendered. */
export function transformCases(): BadCase[] {
  const render = `${S}/render/image`
  const at = (mode: string, query: string, label: string, status: number, names: string[], code?: string, name = 'shared.txt'): BadCase => ({
    label, method: 'GET', path: `${render}/${mode}/walk-public/${name}`, init: { query }, status, code, names,
  })
  return [
    at('public', '?width=10', 'a transformation of a text object', 415, ['images'], 'InvalidMimeType'),
    at('authenticated', '?width=0', 'a width of no pixels', 400, ['width'], 'InvalidRequest', IMAGE),
    at('authenticated', '?height=9000', 'a height past the cap', 400, ['height', '2500'], 'InvalidRequest', IMAGE),
    at('public', '?quality=5', 'a quality below 20', 400, ['quality'], 'InvalidRequest', IMAGE),
    at('public', '?resize=stretch', 'a resize mode that is none', 400, ['resize'], 'InvalidRequest', IMAGE),
    at('public', '?format=bmp', 'a format not served', 400, ['format'], 'InvalidRequest', IMAGE),
    at('sign', '', 'a signed transform URL without its token', 400, ['token'], 'InvalidRequest', IMAGE),
    at('sign', '?token=not.a.token', 'a signed transform URL with a forged token', 400, ['token'], 'InvalidJWT', IMAGE),
    { label: 'a public transform URL of a private bucket', method: 'GET', path: `${render}/public/walk-private/${IMAGE}`, init: { query: '?width=10' }, status: 404, code: 'NoSuchBucket', names: ['bucket'] },
    {
      label: 'a signed URL of a transformation with a bad width',
      method: 'POST',
      path: `${S}/object/sign/walk-public/shared.txt`,
      init: { body: { expiresIn: 60, transform: { width: -1 } } },
      status: 400,
      code: 'InvalidRequest',
      names: ['transform.width'],
    },
  ]
}
