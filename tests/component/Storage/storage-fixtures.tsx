import { http, HttpResponse } from 'msw'
import type { StorageBucket, StorageListEntry } from '@/lib/api-types/storage-platform'
import { server } from '@/tests/msw-server'
import { projectAndRole, REF } from '../cron/cron-fixtures'

export { REF, renderWithClient } from '../cron/cron-fixtures'

export const BASE = `*/platform/storage/${REF}/buckets`
/** Where the fake project's storage API answers (signed URLs point there). */
export const PROJECT_STORAGE = `http://project.test/storage/v1`

export function bucket(id: string, overrides: Partial<StorageBucket> = {}): StorageBucket {
  return { id, name: id, owner: '', public: false, file_size_limit: null, allowed_mime_types: null, created_at: '2025-05-01T10:00:00Z', updated_at: '2025-05-01T10:00:00Z', ...overrides }
}

/** An object row of a bucket: its full path and content type. */
export type FakeObject = { path: string; mimetype: string; size?: number }

/** One level of `objects` below `prefix`, as the list route answers it (sorted by name, folders once). */
function listLevel(objects: FakeObject[], prefix: string): StorageListEntry[] {
  const base = prefix ? `${prefix.replace(/\/$/, '')}/` : ''
  const seen = new Map<string, StorageListEntry>()
  for (const o of objects.filter((o) => o.path.startsWith(base))) {
    const rest = o.path.slice(base.length)
    const [first, ...more] = rest.split('/')
    if (more.length) seen.set(first, { name: first, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null })
    else seen.set(first, { name: first, id: `id-${o.path}`, updated_at: '2025-05-02T10:00:00Z', created_at: '2025-05-02T10:00:00Z', last_accessed_at: null, metadata: { mimetype: o.mimetype, size: o.size ?? 10 } })
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The dashboard's storage routes over in-memory buckets and objects, as the platform answers
 * them; records every write (method, path and body).
 */
export function storageHandlers(initial: { buckets: StorageBucket[]; objects?: Record<string, FakeObject[]> }, role: 'Owner' | 'Developer' | 'Read-only' = 'Developer') {
  let buckets = [...initial.buckets]
  const objects: Record<string, FakeObject[]> = Object.fromEntries(buckets.map((b) => [b.id, [...(initial.objects?.[b.id] ?? [])]]))
  const writes: { method: string; path: string; body?: unknown }[] = []
  const lists: { prefix: string; search: string; limit: number; offset: number }[] = []
  const under = (id: string, prefixes: string[]) => objects[id].filter((o) => prefixes.some((p) => o.path.startsWith(`${p}/`)))
  const files = (found: FakeObject[]) => found.filter((o) => !o.path.endsWith('/.emptyFolderPlaceholder')).length
  const record = async (request: Request, path: string) => {
    const text = await request.text()
    writes.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined })
    return text ? JSON.parse(text) : undefined
  }
  server.use(
    ...projectAndRole(role),
    http.get(BASE, () => HttpResponse.json(buckets)),
    http.post(BASE, async ({ request }) => {
      const body = (await record(request, '')) as StorageBucket
      const made = bucket(body.name, body)
      buckets = [...buckets, made]
      objects[made.id] = []
      return HttpResponse.json(made, { status: 201 })
    }),
    http.patch(`${BASE}/:id`, async ({ request, params }) => {
      const body = (await record(request, String(params.id))) as Partial<StorageBucket>
      buckets = buckets.map((b) => (b.id === params.id ? { ...b, ...body } : b))
      return HttpResponse.json(buckets.find((b) => b.id === params.id))
    }),
    http.delete(`${BASE}/:id`, async ({ request, params }) => {
      await record(request, String(params.id))
      buckets = buckets.filter((b) => b.id !== params.id)
      return new HttpResponse(null, { status: 204 })
    }),
    http.post(`${BASE}/:id/empty`, async ({ request, params }) => {
      await record(request, `${params.id}/empty`)
      objects[String(params.id)] = []
      return new HttpResponse(null, { status: 204 })
    }),
    http.post(`${BASE}/:id/objects/list`, async ({ request, params }) => {
      const { prefix = '', search = '', limit = 100, offset = 0 } = (await request.json()) as { prefix?: string; search?: string; limit?: number; offset?: number }
      lists.push({ prefix, search, limit, offset })
      const level = listLevel(objects[String(params.id)] ?? [], prefix).filter((e) => e.name.toLowerCase().startsWith(search.toLowerCase()))
      return HttpResponse.json(level.slice(offset, offset + limit))
    }),
    http.post(`${BASE}/:id/objects/sign`, async ({ request, params }) => {
      const { path, expiresIn, transform } = (await request.json()) as { path: string; expiresIn: number; transform?: unknown }
      return HttpResponse.json({ url: `${PROJECT_STORAGE}/object/sign/${params.id}/${path}?token=t${expiresIn}${transform ? '&thumb' : ''}` })
    }),
    http.post(`${BASE}/:id/objects/public-url`, async ({ request, params }) => {
      const { path } = (await request.json()) as { path: string }
      return HttpResponse.json({ url: `${PROJECT_STORAGE}/object/public/${params.id}/${path}` })
    }),
    http.delete(`${BASE}/:id/objects`, async ({ request, params }) => {
      const { paths } = (await record(request, `${params.id}/objects`)) as { paths: string[] }
      const id = String(params.id)
      const deleted = objects[id].filter((o) => paths.includes(o.path)).map((o) => o.path)
      objects[id] = objects[id].filter((o) => !paths.includes(o.path))
      return HttpResponse.json({ deleted })
    }),
    http.post(`${BASE}/:id/objects/move`, async ({ request, params }) => {
      const { from, to } = (await record(request, `${params.id}/move`)) as { from: string; to: string }
      objects[String(params.id)] = objects[String(params.id)].map((o) => (o.path === from ? { ...o, path: to } : o))
      return new HttpResponse(null, { status: 204 })
    }),
    http.post(`${BASE}/:id/objects/folders/count`, async ({ request, params }) => {
      const { prefixes } = (await request.json()) as { prefixes: string[] }
      return HttpResponse.json({ files: files(under(String(params.id), prefixes)) })
    }),
    http.post(`${BASE}/:id/objects/folders/delete`, async ({ request, params }) => {
      const { prefixes } = (await record(request, `${params.id}/folders/delete`)) as { prefixes: string[] }
      const id = String(params.id)
      const gone = under(id, prefixes)
      objects[id] = objects[id].filter((o) => !gone.includes(o))
      return HttpResponse.json({ files: files(gone) })
    }),
    http.post(`${BASE}/:id/objects/folders/move`, async ({ request, params }) => {
      const { from, to } = (await record(request, `${params.id}/folders/move`)) as { from: string; to: string }
      const id = String(params.id)
      const moving = under(id, [from])
      objects[id] = objects[id].map((o) => (moving.includes(o) ? { ...o, path: `${to}${o.path.slice(from.length)}` } : o))
      return HttpResponse.json({ files: files(moving) })
    }),
    http.post(`${BASE}/:id/objects/upload-url`, async ({ request, params }) => {
      const { path } = (await record(request, `${params.id}/upload-url`)) as { path: string }
      return HttpResponse.json({ url: `${PROJECT_STORAGE}/object/upload/sign/${params.id}/${path}?token=up`, path }, { status: 201 })
    })
  )
  return { writes, lists, objects, addObject: (id: string, o: FakeObject) => objects[id].push(o) }
}
