import type { Router } from '../http/router'

/** Routes of the project's cron area. */
export function registerCronRoutes(router: Router): void {
  void router
}
