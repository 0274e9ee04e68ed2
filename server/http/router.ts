import { ApiError } from './errors'
import type { IncomingHttpHeaders } from 'node:http'
import type { Caller } from '../auth/caller'
import { describeAccess, runRoute, type RouteAccess, type RouteDeclaration } from './route'
import type { ApiRequest, Handler, Method } from './types'

/** A request the router's mount answered (any status, matched or not), for observers such as the request log. */
export type CompletedRequest = {
  method: string
  path: string
  status: number
  startedAt: Date
  durationMs: number
  headers: IncomingHttpHeaders
}

type Route = { method: Method; pattern: string; regex: RegExp; keys: string[]; handler: Handler; declaration?: RouteDeclaration }

/** One row of the route table (`npm run routes`, the authorization walk). */
export type RouteRow = { method: Method; path: string; access: RouteAccess | null; role: string; summary: string }

/** Maps `METHOD /path/:param` patterns to handlers. */
export class Router {
  private routes: Route[] = []
  private observers: ((request: CompletedRequest) => void)[] = []

  /** `authenticate` finds the caller of non-public routes (401 when none). */
  constructor(private readonly options: { authenticate?: (req: ApiRequest) => Promise<Caller> } = {}) {}

  /** Adds declared routes: the router authenticates, validates and authorizes from each declaration. */
  declare(routes: readonly RouteDeclaration[]): this {
    for (const declaration of routes) {
      this.add(declaration.method, declaration.path, (req) => runRoute(declaration, req, this.options.authenticate))
      this.routes[this.routes.length - 1].declaration = declaration
    }
    return this
  }

  private add(method: Method, pattern: string, handler: Handler): this {
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

  /** Registers a listener told of every answered request; it must return quickly (queue, not write). */
  observe(listener: (request: CompletedRequest) => void): this {
    this.observers.push(listener)
    return this
  }

  /** Tells the observers about an answered request; an observer's failure is logged, never the caller's. */
  completed(request: CompletedRequest): void {
    for (const listener of this.observers) {
      try {
        listener(request)
      } catch (error) {
        console.error('[platform-api] request observer failed', error)
      }
    }
  }

  /** Every registered route, for tests that walk them all. */
  list(): { method: Method; pattern: string }[] {
    return this.routes.map(({ method, pattern }) => ({ method, pattern }))
  }

  /** The route table: method, path and who may call each route, from the declarations. */
  table(): RouteRow[] {
    return this.routes.map(({ method, pattern, declaration }) => ({
      method,
      path: pattern,
      access: declaration?.access ?? null,
      role: declaration ? describeAccess(declaration.access) : 'undeclared',
      summary: declaration?.summary ?? '',
    }))
  }
}
