import { ApiError } from './errors'
import type { Handler, Method } from './types'

type Route = { method: Method; pattern: string; regex: RegExp; keys: string[]; handler: Handler }

/** Maps `METHOD /path/:param` patterns to handlers. */
export class Router {
  private routes: Route[] = []

  add(method: Method, pattern: string, handler: Handler): this {
    const keys: string[] = []
    const source = pattern
      .split('/')
      .map((part) => {
        if (part.startsWith(':')) {
          keys.push(part.slice(1))
          return '([^/]+)'
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('/')
    this.routes.push({ method, pattern, regex: new RegExp(`^${source}/?$`), keys, handler })
    return this
  }

  get = (pattern: string, handler: Handler) => this.add('GET', pattern, handler)
  post = (pattern: string, handler: Handler) => this.add('POST', pattern, handler)
  put = (pattern: string, handler: Handler) => this.add('PUT', pattern, handler)
  patch = (pattern: string, handler: Handler) => this.add('PATCH', pattern, handler)
  delete = (pattern: string, handler: Handler) => this.add('DELETE', pattern, handler)

  /** Finds the handler for a request; `allowed` lists methods that would match the path. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | { allowed: Method[] } {
    const allowed: Method[] = []
    for (const route of this.routes) {
      const m = route.regex.exec(path)
      if (!m) continue
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) {
        allowed.push(route.method)
        continue
      }
      const params: Record<string, string> = {}
      route.keys.forEach((key, i) => {
        try {
          params[key] = decodeURIComponent(m[i + 1])
        } catch {
          // A broken escape such as `%E0%A4%A` is the caller's mistake, not a server failure.
          throw new ApiError(400, `Invalid path: ${key} is not validly percent-encoded`)
        }
      })
      return { handler: route.handler, params }
    }
    return { allowed }
  }

  /** Every registered route, for tests that walk them all. */
  list(): { method: Method; pattern: string }[] {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }))
  }
}
