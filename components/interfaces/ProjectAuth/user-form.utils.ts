import { isEmailAddress, parseJsonInput } from '@/lib/validation'

/** The add-user form's values. */
export type NewUser = { email: string; password: string; autoConfirm: boolean }

/** The platform's bounds on a new user (lib/api-types/project-auth: createProjectUserBody). */
export const USER_PASSWORD_MIN = 6
export const USER_PASSWORD_MAX = 72
export const USER_EMAIL_MAX = 320


/** What is wrong with the add-user form, by field. */
export function createUserErrors({ email, password }: NewUser): { email?: string; password?: string } {
  const errors: { email?: string; password?: string } = {}
  const address = email.trim()
  if (!address) errors.email = 'Enter an e-mail address'
  else if (address.length > USER_EMAIL_MAX) errors.email = `An e-mail address is at most ${USER_EMAIL_MAX} characters`
  else if (!isEmailAddress(address)) errors.email = 'Enter a valid e-mail address, e.g. name@example.com'
  if (password.length < USER_PASSWORD_MIN) errors.password = `A password is at least ${USER_PASSWORD_MIN} characters`
  else if (password.length > USER_PASSWORD_MAX) errors.password = `A password is at most ${USER_PASSWORD_MAX} characters`
  return errors
}

/** The platform's bound on a metadata object, as JSON text (lib/api-types/project-auth). */
export const USER_METADATA_MAX_BYTES = 16_384

/** The typed metadata as an object, or what is wrong with it. Empty text is an empty object. */
export function metadataError(text: string): { value: Record<string, unknown> } | { error: string } {
  let value: unknown
  try {
    value = parseJsonInput(text) ?? {}
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'Invalid JSON' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'Enter a JSON object, e.g. {"name": "Ada"}' }
  if (JSON.stringify(value).length > USER_METADATA_MAX_BYTES) return { error: `At most ${USER_METADATA_MAX_BYTES} bytes of JSON` }
  return { value: value as Record<string, unknown> }
}
