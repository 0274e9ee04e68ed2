import type { Router } from '../http/router'

export function registerProfileRoutes(_router: Router): void {}
