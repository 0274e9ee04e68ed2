import type { Router } from '../http/router'

/** Routes of the project's advisors area. */
export function registerAdvisorRoutes(router: Router): void {
  void router
}
