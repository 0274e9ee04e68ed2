/**
 * A project's own users (project auth, `{url}/auth/v1`) as the dashboard manages them: the
 * shapes `GET/POST/PATCH/DELETE /platform/auth/:ref/users…` and `/platform/auth/:ref/config`
 * send, and the bodies they validate. The browser imports this file with `import type` only.
 *
 * Routes (access):
 * - `GET    /platform/auth/:ref/users?page&per_page&keywords` → ProjectUsersPage (Read-only)
 * - `POST   /platform/auth/:ref/users` createProjectUserBody → ProjectUser, 201 (Developer)
 * - `GET    /platform/auth/:ref/users/:id` → ProjectUser (Read-only)
 * - `PATCH  /platform/auth/:ref/users/:id` updateProjectUserBody → ProjectUser (Developer)
 * - `DELETE /platform/auth/:ref/users/:id` → 204 (Developer)
 * - `POST   /platform/auth/:ref/users/:id/recovery` → ProjectUserRecovery (Developer)
 * - `GET    /platform/auth/:ref/config` → ProjectAuthConfig (Read-only)
 * - `PATCH  /platform/auth/:ref/config` updateProjectAuthConfigBody → ProjectAuthConfig (Admin)
 */
import { z } from 'zod'

/** A project user, in GoTrue's admin shape (what `supabase.auth.admin.getUserById` returns, trimmed). */
export type ProjectUser = {
  id: string
  email: string | null
  /** Null until the address is confirmed (at sign-up, unless the project asks for confirmation). */
  email_confirmed_at: string | null
  last_sign_in_at: string | null
  /** A ban lasts until then; null when not banned. */
  banned_until: string | null
  user_metadata: Record<string, unknown>
  app_metadata: Record<string, unknown>
  created_at: string
  updated_at: string
}

/** One page of users, newest first, and how many match in all. */
export type ProjectUsersPage = { users: ProjectUser[]; total: number }

export const PROJECT_USERS_PER_PAGE_MAX = 100

export const projectUsersQuery = z.strictObject({
  page: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').default(1),
  per_page: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(PROJECT_USERS_PER_PAGE_MAX, `must be at most ${PROJECT_USERS_PER_PAGE_MAX}`)
    .default(50),
  /** Part of an e-mail address or a user id, case-insensitive. */
  keywords: z.string('must be a string').trim().max(320, 'must be at most 320 characters').optional(),
})
export type ProjectUsersQuery = z.input<typeof projectUsersQuery>

const metadata = z
  .record(z.string(), z.unknown(), 'must be a JSON object')
  .refine((data) => JSON.stringify(data).length <= 16_384, 'must be at most 16384 bytes of JSON')

/** A user the dashboard creates: confirmed at once unless `email_confirm` is false. */
export const createProjectUserBody = z.strictObject({
  email: z.email('must be an e-mail address').max(320, 'must be at most 320 characters'),
  password: z.string('must be a string').min(6, 'must be at least 6 characters').max(72, 'must be at most 72 characters'),
  email_confirm: z.boolean('must be true or false').default(true),
  user_metadata: metadata.optional(),
})
export type CreateProjectUserBody = z.input<typeof createProjectUserBody>

/** GoTrue's ban durations: `none` lifts a ban, else a Go duration such as `24h` or `876000h` (100 years). */
export const BAN_DURATION_PATTERN = /^(none|\d{1,7}h)$/

/** Any of: ban or unban, confirm the address, replace the metadata. At least one. */
export const updateProjectUserBody = z
  .strictObject({
    ban_duration: z.string('must be a string').regex(BAN_DURATION_PATTERN, 'must be "none" or a number of hours such as "24h"').optional(),
    email_confirm: z.literal(true, 'can only be true (an address is confirmed, never unconfirmed)').optional(),
    user_metadata: metadata.optional(),
  })
  .refine((b) => b.ban_duration !== undefined || b.email_confirm !== undefined || b.user_metadata !== undefined, 'give at least one of ban_duration, email_confirm, user_metadata')
export type UpdateProjectUserBody = z.input<typeof updateProjectUserBody>

/**
 * The embedded platform sends no mail: "send recovery" makes a one-time recovery link (valid for
 * an hour) that the dashboard shows for the member to pass on. Opening it signs the user in and
 * redirects to the project's site URL with the session in the fragment, as GoTrue does.
 */
export type ProjectUserRecovery = { action_link: string; expires_at: string }

/** The project's auth settings, with GoTrue's names. */
export type ProjectAuthConfig = {
  /** Sign-ups are confirmed at once (true, the default) or wait for confirmation. */
  MAILER_AUTOCONFIRM: boolean
  /** New users may sign up (true by default). */
  DISABLE_SIGNUP: boolean
  /** Where recovery links send the user afterwards. */
  SITE_URL: string
  /** Access token lifetime in seconds. */
  JWT_EXP: number
}

export const updateProjectAuthConfigBody = z
  .strictObject({
    MAILER_AUTOCONFIRM: z.boolean('must be true or false').optional(),
    DISABLE_SIGNUP: z.boolean('must be true or false').optional(),
    SITE_URL: z.url('must be an absolute URL').max(2048, 'must be at most 2048 characters').optional(),
    JWT_EXP: z.number('must be a number').int('must be a whole number').min(300, 'must be at least 300 seconds').max(604_800, 'must be at most 604800 seconds (a week)').optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'give at least one setting')
export type UpdateProjectAuthConfigBody = z.input<typeof updateProjectAuthConfigBody>
