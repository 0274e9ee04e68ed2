/** Small input checks used by forms (spec §5). */

/** True when the string parses as an absolute URL whose scheme is http or https. */
export function isValidHttpUrl(value: unknown): boolean {
  // spec §5: URL check accepts only http or https
  if (typeof value !== 'string' || value.trim() === '') return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
}

// Something, an @, something with a dot: a light check before sending; the server validates again.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** True when the (trimmed) string looks like an e-mail address. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim())
}

/** Thrown by {@link parseJsonInput} when the text is not valid JSON. */
export class InvalidJsonError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidJsonError'
  }
}

/**
 * Parses JSON typed by a user: empty or whitespace-only input (or none) yields null, valid JSON
 * yields its value, invalid JSON throws an {@link InvalidJsonError} naming the problem.
 */
export function parseJsonInput(value: string | null | undefined): unknown {
  // spec §5: JSON helper rejects invalid JSON; empty input yields null
  if (value === null || value === undefined || value.trim() === '') return null
  try {
    return JSON.parse(value) as unknown
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new InvalidJsonError(`Invalid JSON: ${reason}`)
  }
}
