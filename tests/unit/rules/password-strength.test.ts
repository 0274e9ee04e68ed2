import {
  evaluatePasswordStrength,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_SCORE,
  passwordStrengthMessage,
  type PasswordCheckResult,
} from '@/lib/password-strength'

function scorerReturning(result: PasswordCheckResult) {
  return vi.fn(async (_password: string) => result)
}

describe('passwordStrengthMessage (spec §5)', () => {
  it.each([
    [0, 'This password is not acceptable.'],
    [1, 'This password is not secure enough.'],
    [2, 'This password is not secure enough.'],
    [3, 'Not bad, but your password must be harder to guess.'],
    [4, 'This password is strong.'],
  ])('labels score %i', (score, label) => {
    expect(passwordStrengthMessage(score)).toBe(label)
  })

  it('clamps out-of-range and odd scores', () => {
    expect(passwordStrengthMessage(-1)).toBe('This password is not acceptable.')
    expect(passwordStrengthMessage(9)).toBe('This password is strong.')
    expect(passwordStrengthMessage(3.7)).toBe('Not bad, but your password must be harder to guess.')
    expect(passwordStrengthMessage(Number.NaN)).toBe('This password is not acceptable.')
  })
})

describe('evaluatePasswordStrength (spec §5)', () => {
  it('exports the spec limits', () => {
    expect(MIN_PASSWORD_SCORE).toBe(4)
    expect(MAX_PASSWORD_LENGTH).toBe(99)
  })

  it('answers an empty password without calling the server', async () => {
    const scorer = scorerReturning({ score: 4, feedback: { suggestions: [], warning: '' } })
    await expect(evaluatePasswordStrength('', scorer)).resolves.toEqual({
      message: '',
      warning: '',
      strength: 0,
    })
    expect(scorer).not.toHaveBeenCalled()
  })

  it('rejects a password longer than 99 characters without calling the server', async () => {
    const scorer = scorerReturning({ score: 4, feedback: { suggestions: [], warning: '' } })
    const result = await evaluatePasswordStrength('a'.repeat(100), scorer)
    expect(result.warning).toBe('Password should be less than 100 characters')
    expect(result.message).toBe('Maximum password length exceeded')
    expect(result.strength).toBe(0)
    expect(scorer).not.toHaveBeenCalled()
  })

  it('scores a password of exactly 99 characters', async () => {
    const scorer = scorerReturning({ score: 4, feedback: { suggestions: [], warning: '' } })
    const password = 'b'.repeat(99)
    const result = await evaluatePasswordStrength(password, scorer)
    expect(scorer).toHaveBeenCalledExactlyOnceWith(password)
    expect(result).toEqual({ message: 'This password is strong.', warning: '', strength: 4 })
  })

  it('joins the label and suggestions, and appends the stronger-password warning below 4', async () => {
    const scorer = scorerReturning({
      score: 2,
      feedback: {
        suggestions: ['Add another word or two.', 'Avoid common phrases.'],
        warning: 'This is similar to a commonly used password.',
      },
    })
    await expect(evaluatePasswordStrength('password1', scorer)).resolves.toEqual({
      message:
        'This password is not secure enough. Add another word or two. Avoid common phrases.',
      warning: 'This is similar to a commonly used password. You need a stronger password.',
      strength: 2,
    })
  })

  it('gives only the stronger-password warning when the server has none', async () => {
    const scorer = scorerReturning({ score: 3, feedback: { suggestions: [], warning: '' } })
    await expect(evaluatePasswordStrength('nearly-there', scorer)).resolves.toEqual({
      message: 'Not bad, but your password must be harder to guess.',
      warning: 'You need a stronger password.',
      strength: 3,
    })
  })

  it('warns at score 0 and 1', async () => {
    for (const score of [0, 1]) {
      const result = await evaluatePasswordStrength(
        'x',
        scorerReturning({ score, feedback: { suggestions: [], warning: 'Too short.' } })
      )
      expect(result.warning).toBe('Too short. You need a stronger password.')
      expect(result.strength).toBe(score)
    }
  })

  it('drops the server warning at the minimum score but keeps suggestions', async () => {
    const scorer = scorerReturning({
      score: 4,
      feedback: { suggestions: ['Nice.'], warning: 'Ignored at this strength.' },
    })
    await expect(evaluatePasswordStrength('correct horse battery staple', scorer)).resolves.toEqual({
      message: 'This password is strong. Nice.',
      warning: '',
      strength: 4,
    })
  })

  it('lets a scorer failure reach the caller', async () => {
    const scorer = vi.fn(async () => {
      throw new Error('network down')
    })
    await expect(evaluatePasswordStrength('abc', scorer)).rejects.toThrow('network down')
  })
})
