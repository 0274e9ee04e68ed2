import { describe, expect, it } from 'vitest'
import { authErrorMessage } from '@/components/interfaces/Auth/auth-error-message'
import { readOAuthReturn } from '@/components/interfaces/Auth/use-oauth-return'

describe('readOAuthReturn', () => {
  it('takes the code of a successful return', () => {
    expect(readOAuthReturn('?code=abc&returnTo=%2Forg%2Fx', '')).toEqual({ code: 'abc', error: null })
  })
  it('prefers the error description, from the query or the fragment, and ignores a code next to it', () => {
    expect(readOAuthReturn('?error=server_error&error_description=Nope&code=abc', '')).toEqual({ code: null, error: 'Nope' })
    expect(readOAuthReturn('', '#error=access_denied&error_description=Denied')).toEqual({ code: null, error: 'Denied' })
    expect(readOAuthReturn('', '#error=access_denied')).toEqual({ code: null, error: 'access_denied' })
  })
  it('finds nothing on a plain visit', () => {
    expect(readOAuthReturn('?returnTo=%2Forg%2Fx', '')).toEqual({ code: null, error: null })
  })
})

describe('authErrorMessage (spec §8)', () => {
  const unverified =
    'Please verify your email on the code-hosting service first, then reach out to us at support@example.com to log into the dashboard.'
  it('turns the code-hosting service refusal into the support text', () => {
    expect(authErrorMessage({ message: 'Unverified email with github' })).toBe(unverified)
    expect(authErrorMessage(new Error('Unverified e-mail with GitHub. A confirmation email has been sent'))).toBe(unverified)
  })
  it('shows other messages as they are, and a fallback for none', () => {
    expect(authErrorMessage(new Error('Error sending confirmation mail'))).toBe('Error sending confirmation mail')
    expect(authErrorMessage({ message: 'Unverified email with gitlab' })).toBe('Unverified email with gitlab')
    expect(authErrorMessage({})).toBe('An unexpected error occurred. Please try again.')
  })
})
