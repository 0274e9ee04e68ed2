import type { Router } from '../http/router'

export function registerPgMetaRoutes(_router: Router): void {}
