import type { Router } from '../http/router'

/** Routes of the project's vault area. */
export function registerVaultRoutes(router: Router): void {
  void router
}
