import type { Router } from '../http/router'

export function registerBillingRoutes(_router: Router): void {}
