import { Router } from './http/router'
import { gotrueRoutes } from './routes/gotrue'

/** The GoTrue-compatible auth service at `GOTRUE_URL` (default `/dashboard/api/auth/v1`). */
export function createAuthRouter(): Router {
  return new Router().declare(gotrueRoutes)
}

/** GoTrue's error shape, which `@supabase/auth-js` reads (`msg`, `error_code`). */
export function gotrueErrorBody(status: number, message: string, errorCode?: string) {
  return { code: status, error_code: errorCode ?? (status === 500 ? 'unexpected_failure' : 'validation_failed'), msg: message, message }
}
