import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSecret, sealSecret, secretAad } from '@/server/vault/crypto'
import { secretNameError, secretValueError } from '@/lib/vault/names'

const jwtSecret = new TextEncoder().encode('test-jwt-secret-for-the-vault-0123456789')
const aad = secretAad(7, '00000000-0000-4000-8000-000000000001')

describe('vault encryption (AES-256-GCM under an HKDF key of the JWT secret)', () => {
  it('round-trips a value, with a fresh nonce each time', () => {
    const value = 'postgres://user:päss@db/prod ✓'
    const a = sealSecret(value, aad, jwtSecret)
    const b = sealSecret(value, aad, jwtSecret)
    expect(openSecret(a, aad, jwtSecret)).toBe(value)
    expect(a.iv).toHaveLength(12)
    expect(a.authTag).toHaveLength(16)
    expect(a.keyVersion).toBe(1)
    expect(a.iv.equals(b.iv)).toBe(false)
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false)
    expect(a.ciphertext.toString('utf8')).not.toContain('prod')
  })

  it('refuses a tampered ciphertext, nonce or tag', () => {
    const sealed = sealSecret('top secret', aad, jwtSecret)
    const flip = (buf: Buffer) => {
      const copy = Buffer.from(buf)
      copy[0] ^= 0x01
      return copy
    }
    expect(() => openSecret({ ...sealed, ciphertext: flip(sealed.ciphertext) }, aad, jwtSecret)).toThrow()
    expect(() => openSecret({ ...sealed, iv: flip(sealed.iv) }, aad, jwtSecret)).toThrow()
    expect(() => openSecret({ ...sealed, authTag: flip(sealed.authTag) }, aad, jwtSecret)).toThrow()
  })

  it('opens only for the same project, secret and JWT secret', () => {
    const sealed = sealSecret('top secret', aad, jwtSecret)
    expect(() => openSecret(sealed, secretAad(8, '00000000-0000-4000-8000-000000000001'), jwtSecret)).toThrow()
    expect(() => openSecret(sealed, secretAad(7, '00000000-0000-4000-8000-000000000002'), jwtSecret)).toThrow()
    expect(() => openSecret(sealed, aad, crypto.randomBytes(32))).toThrow()
  })
})

describe('secret names and values', () => {
  it('takes letters, digits and underscores only', () => {
    expect(secretNameError('STRIPE_API_KEY_2')).toBeNull()
    expect(secretNameError('lower_case')).toBeNull()
    expect(secretNameError('')).toMatch(/Enter a name/)
    expect(secretNameError('has space')).toMatch(/letters, digits and underscores/)
    expect(secretNameError('dash-name')).toMatch(/letters, digits and underscores/)
    expect(secretNameError('X'.repeat(129))).toMatch(/at most 128/)
  })

  it('requires a value of at most 64 KiB', () => {
    expect(secretValueError('')).toMatch(/Enter a value/)
    expect(secretValueError('x')).toBeNull()
    expect(secretValueError('é'.repeat(40_000))).toMatch(/64 KiB/)
  })
})
