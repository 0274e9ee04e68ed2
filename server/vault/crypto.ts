import crypto from 'node:crypto'
import { getJwtSecret } from '../auth/jwt'

/**
 * Encryption at rest of vault secrets: AES-256-GCM with a fresh 12-byte nonce per encryption,
 * under a key derived with HKDF-SHA256 from the platform's JWT secret (JWT_SECRET, or the one
 * kept in DATA_DIR). The key is derived when needed and never stored. The additional data binds
 * a ciphertext to its project and secret id, so a ciphertext copied to another row fails to open.
 */

export const CURRENT_KEY_VERSION = 1
const SALT = 'dashboard-platform/vault'

export type Sealed = { ciphertext: Buffer; iv: Buffer; authTag: Buffer; keyVersion: number }

/** The data key of a version, derived from the JWT secret. */
function dataKey(version: number, secret: Uint8Array = getJwtSecret()): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, SALT, `vault-secrets-v${version}`, 32))
}

/** Encrypts a value for one secret (`aad` names the project and the secret). */
export function sealSecret(plaintext: string, aad: string, secret?: Uint8Array): Sealed {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', dataKey(CURRENT_KEY_VERSION, secret), iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyVersion: CURRENT_KEY_VERSION }
}

/** Decrypts a sealed value; throws when it was tampered with or sealed under another key or `aad`. */
export function openSecret(sealed: Sealed, aad: string, secret?: Uint8Array): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', dataKey(sealed.keyVersion, secret), sealed.iv)
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(sealed.authTag)
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8')
}

/** The additional authenticated data of a secret. */
export function secretAad(projectId: number, secretId: string): string {
  return `project:${projectId}/secret:${secretId}`
}
