import { bucketRoutes } from './routes-buckets'
import { objectRoutes } from './routes-objects'
import { signedRoutes } from './routes-signed'
import { transformRoutes } from './transform/routes'
import type { StorageMethod, StorageRoute } from './route'

/**
 * Every route of the storage API, in the order they are tried: the first whose method and path
 * match answers (so `/object/sign/...` is never read as a bucket named `sign`, as on Supabase).
 */
export const STORAGE_ROUTES: readonly StorageRoute[] = [...bucketRoutes, ...signedRoutes, ...objectRoutes, ...transformRoutes]

type Compiled = { route: StorageRoute; regex: RegExp; keys: string[] }

const compiled: Compiled[] = STORAGE_ROUTES.map((route) => {
  const keys: string[] = []
  const source = route.path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':') && !part.startsWith('*')) return part
      keys.push(part.slice(1))
      return part.startsWith(':') ? '([^/]+)' : '(.+)'
    })
    .join('/')
  return { route, regex: new RegExp(`^${source}/?$`), keys }
})

/** The route for a request (its path below `/storage/v1`, still percent-encoded); `allowed` when only the method is wrong. */
export function matchStorageRoute(method: string, path: string): { route: StorageRoute; params: Record<string, string> } | { allowed: StorageMethod[] } {
  const allowed: StorageMethod[] = []
  for (const { route, regex, keys } of compiled) {
    const m = regex.exec(path)
    if (!m) continue
    if (route.method !== method) {
      allowed.push(route.method)
      continue
    }
    const params: Record<string, string> = {}
    keys.forEach((key, i) => {
      params[key] = decodeURIComponent(m[i + 1])
    })
    return { route, params }
  }
  return { allowed: [...new Set(allowed)] }
}
