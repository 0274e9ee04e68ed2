import type { Router } from '../http/router'

/** Routes of the project's graphql area. */
export function registerGraphqlRoutes(router: Router): void {
  void router
}
