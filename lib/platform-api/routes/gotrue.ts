import type { Router } from '../http/router'

export function registerGotrueRoutes(_router: Router): void {}
