import { isEmailAddress } from '@/lib/validation'

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
