import type { Router } from '../http/router'

/** Routes of the project's logs area. */
export function registerLogsRoutes(router: Router): void {
  void router
}
