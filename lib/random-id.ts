/**
 * Random identifiers for request ids and error-report ids.
 *
 * `crypto.randomUUID` exists only in secure contexts (https or localhost), but a self-hosted
 * dashboard is often opened over plain http on a LAN address, so fall back to
 * `crypto.getRandomValues`, which every context has.
 */

/** A random RFC 4122 version 4 UUID, e.g. `3b241101-e2bb-4255-8caf-4136c566a962`. */
export function randomUuid(): string {
  const c: Crypto | undefined = globalThis.crypto
  if (c && typeof c.randomUUID === 'function') return c.randomUUID()

  const bytes = new Uint8Array(16)
  if (c && typeof c.getRandomValues === 'function') {
    c.getRandomValues(bytes)
  } else {
    // No Web Crypto at all (very old runtimes): ids only need to be unique, not secret.
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  }
  bytes[6] = (bytes[6] & 0x0f) | 0x40 // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80 // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
