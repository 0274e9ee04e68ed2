import { getConfig } from '@/lib/config'

/** spec §8: the code-hosting service (GitHub) refused to vouch for the account's e-mail address. */
export function unverifiedCodeHostingMessage(supportEmail: string): string {
  return `Please verify your email on the code-hosting service first, then reach out to us at ${supportEmail} to log into the dashboard.`
}

/** What GoTrue says when a GitHub account's e-mail address is not verified there. */
const UNVERIFIED_CODE_HOSTING = /unverified e-?mail.*github|github.*unverified e-?mail/i

/** The text an auth error toast shows (spec §8: the error's message, with one special case). */
export function authErrorMessage(error: unknown): string {
  const message = rawMessage(error)
  if (message === null) return 'An unexpected error occurred. Please try again.'
  if (UNVERIFIED_CODE_HOSTING.test(message)) return unverifiedCodeHostingMessage(getConfig().supportEmail)
  return message
}

function rawMessage(error: unknown): string | null {
  if (error instanceof Error && error.message.trim() !== '') return error.message
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown }
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return null
}
