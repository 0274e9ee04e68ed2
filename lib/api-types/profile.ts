/**
 * The signed-in user's own shapes (`/platform/profile...`) as the platform sends them, and the
 * request bodies it validates with the zod schemas below (the dashboard imports their types only).
 */
import { z } from 'zod'
import type { PermissionEntry } from '@/lib/permissions'
import type { PasswordCheckResult } from '@/lib/password-strength'

/** `GET /platform/profile` (send `Version: 2`), written by the platform's `profileJson`. */
export type Profile = {
  id: number
  gotrue_id: string
  username: string
  first_name: string | null
  last_name: string | null
  primary_email: string
  mobile: null
  is_alpha_user: boolean
  is_sso_user: boolean
  free_project_limit: number
  created_at: string
  updated_at: string
  /** self-hosted only (spec §3) */
  disabled_features?: string[]
}

const personName = z.string().trim().max(100).nullable().optional()

/** Body of `PATCH /platform/profile`: the names and the username. */
export const updateProfileBody = z.strictObject({
  first_name: personName,
  last_name: personName,
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,32}$/, 'a username has 3 to 32 letters, digits, ".", "_" or "-"')
    .optional(),
})
export type ProfileUpdateBody = z.input<typeof updateProfileBody>

/** Body of `POST /platform/profile/password-check`. */
export const passwordCheckBody = z.strictObject({ password: z.string().max(10_000) })

/** Answer of `POST /platform/profile/password-check`. */
export type PasswordCheckResponse = { result: PasswordCheckResult }

/** An entry of `GET /platform/profile/permissions` (spec §3), with the organization's id beside its slug. */
export type ProfilePermission = PermissionEntry & { organization_id: number | null; restrictive: boolean }
