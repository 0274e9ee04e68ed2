/** Secret names: letters, digits and underscores (usable as environment variable names). */
export const SECRET_NAME_PATTERN = /^[A-Za-z0-9_]+$/
export const SECRET_NAME_MAX_LENGTH = 128
export const SECRET_DESCRIPTION_MAX_LENGTH = 1000
/** Largest secret value, in UTF-8 bytes (64 KiB). */
export const SECRET_VALUE_MAX_BYTES = 65_536

/** What is wrong with a secret name, or null when it is fine. */
export function secretNameError(name: string): string | null {
  if (name.length === 0) return 'Enter a name'
  if (name.length > SECRET_NAME_MAX_LENGTH) return `A name is at most ${SECRET_NAME_MAX_LENGTH} characters`
  if (!SECRET_NAME_PATTERN.test(name)) return 'A name may hold only letters, digits and underscores (e.g. STRIPE_API_KEY)'
  return null
}

/** What is wrong with a secret value, or null when it is fine. */
export function secretValueError(value: string): string | null {
  if (value.length === 0) return 'Enter a value'
  if (new TextEncoder().encode(value).length > SECRET_VALUE_MAX_BYTES) return 'A value is at most 64 KiB'
  return null
}
