import type { Router } from '../http/router'

export function registerOrganizationRoutes(_router: Router): void {}
