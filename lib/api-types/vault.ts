/**
 * The vault secret shapes the platform sends and the dashboard reads, and the request bodies the
 * platform validates. The browser imports this file with `import type` only (zod stays out of its bundle).
 */
import { z } from 'zod'
import { SECRET_DESCRIPTION_MAX_LENGTH, SECRET_NAME_MAX_LENGTH, SECRET_NAME_PATTERN, SECRET_VALUE_MAX_BYTES } from '@/lib/vault/names'
import { givenName } from './fields'

/** A secret as listed: never its value. */
export type VaultSecret = { id: string; name: string; description: string; created_at: string; updated_at: string }

/** `GET .../vault/secrets/:id/reveal`: the secret with its decrypted value. */
export type RevealedSecret = VaultSecret & { value: string }

const name = givenName(SECRET_NAME_MAX_LENGTH).regex(SECRET_NAME_PATTERN, 'may hold only letters, digits and underscores')

const description = z
  .string('must be a string')
  .trim()
  .max(SECRET_DESCRIPTION_MAX_LENGTH, `must be at most ${SECRET_DESCRIPTION_MAX_LENGTH} characters`)

const value = z
  .string('must be a string')
  .min(1, 'must not be empty')
  .refine((text) => Buffer.byteLength(text, 'utf8') <= SECRET_VALUE_MAX_BYTES, `must be at most ${SECRET_VALUE_MAX_BYTES} bytes (64 KiB)`)

/** POST /platform/projects/:ref/vault/secrets */
export const createSecretBody = z.strictObject({ name, description: description.default(''), value })
export type CreateSecretBody = z.input<typeof createSecretBody>
export type CreateSecretInput = z.infer<typeof createSecretBody>

/** PATCH /platform/projects/:ref/vault/secrets/:id: any of the three, at least one. */
export const updateSecretBody = z
  .strictObject({ name: name.optional(), description: description.optional(), value: value.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined || body.value !== undefined, 'give at least one of name, description, value')
export type UpdateSecretBody = z.input<typeof updateSecretBody>
export type UpdateSecretInput = z.infer<typeof updateSecretBody>
