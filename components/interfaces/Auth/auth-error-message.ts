/** The text an auth error toast shows (spec §8: the error's message). */
export function authErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown }
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return 'An unexpected error occurred. Please try again.'
}
