import type { Router } from '../http/router'

export function registerProjectRoutes(_router: Router): void {}
