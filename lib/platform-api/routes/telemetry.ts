import type { Router } from '../http/router'

export function registerTelemetryRoutes(_router: Router): void {}
