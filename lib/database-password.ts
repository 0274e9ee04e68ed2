/**
 * The rules of a project's database password (POST /platform/projects/:ref/db-password), one
 * place for the platform's schema and the settings form. Printable ASCII only: every client
 * hashes it the same way (SCRAM's SASLprep leaves such text as it is).
 */
export const DB_PASSWORD_MIN_LENGTH = 12
export const DB_PASSWORD_MAX_LENGTH = 128
export const DB_PASSWORD_PATTERN = /^[\x20-\x7e]*$/

export const DB_PASSWORD_MESSAGES = {
  tooShort: `must be at least ${DB_PASSWORD_MIN_LENGTH} characters`,
  tooLong: `must be at most ${DB_PASSWORD_MAX_LENGTH} characters`,
  notAscii: 'may hold only printable ASCII characters (letters, digits, spaces and punctuation)',
} as const

/** The first rule the password breaks, worded to follow "The password …"; null when it is fine. */
export function databasePasswordProblem(password: string): string | null {
  if (password.length < DB_PASSWORD_MIN_LENGTH) return DB_PASSWORD_MESSAGES.tooShort
  if (password.length > DB_PASSWORD_MAX_LENGTH) return DB_PASSWORD_MESSAGES.tooLong
  if (!DB_PASSWORD_PATTERN.test(password)) return DB_PASSWORD_MESSAGES.notAscii
  return null
}

/** Letters and digits without look-alikes (0/O, 1/l/I): easy to read back, still ~5.8 bits each. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
/** 24 characters of that alphabet: about 139 bits, far past any strength rule; nothing a URL needs escaped. */
export const GENERATED_PASSWORD_LENGTH = 24

/** A random database password from the cryptographic generator (rejection sampling: no bias). */
export function generateStrongPassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  random: (array: Uint8Array) => Uint8Array = (array) => crypto.getRandomValues(array)
): string {
  const limit = 256 - (256 % PASSWORD_ALPHABET.length)
  let result = ''
  while (result.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte >= limit) continue
      result += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length]
      if (result.length === length) break
    }
  }
  return result
}
