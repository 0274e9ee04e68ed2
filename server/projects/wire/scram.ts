import crypto from 'node:crypto'

/**
 * SCRAM-SHA-256 (RFC 5802, RFC 7677) as Postgres uses it: the verifier Postgres stores in
 * `pg_authid.rolpassword` (`SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>`, base64),
 * and the server's half of the exchange. The password never travels and is never stored: the
 * client proves it knows it, and `ALTER ROLE … PASSWORD '<verifier>'` takes the verifier as is.
 * No channel binding (the loopback port has no TLS): clients send the `n,,` or `y,,` header.
 */

export const SCRAM_MECHANISM = 'SCRAM-SHA-256'
const ITERATIONS = 4096 // Postgres' scram_iterations default

export type ScramVerifier = { iterations: number; salt: Buffer; storedKey: Buffer; serverKey: Buffer }

const hmac = (key: Buffer, text: string) => crypto.createHmac('sha256', key).update(text).digest()
const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest()

/** The verifier Postgres would store for `password` (printable ASCII: SASLprep leaves it as is). */
export function scramVerifier(password: string, salt = crypto.randomBytes(16), iterations = ITERATIONS): string {
  const salted = crypto.pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256')
  const storedKey = sha256(hmac(salted, 'Client Key'))
  const serverKey = hmac(salted, 'Server Key')
  return `${SCRAM_MECHANISM}$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`
}

/** Reads a stored verifier; null for anything else (no password, an MD5 hash). */
export function parseScramVerifier(text: string | null): ScramVerifier | null {
  const match = /^SCRAM-SHA-256\$(\d+):([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+):([A-Za-z0-9+/=]+)$/.exec(text ?? '')
  if (!match) return null
  return { iterations: Number(match[1]), salt: Buffer.from(match[2], 'base64'), storedKey: Buffer.from(match[3], 'base64'), serverKey: Buffer.from(match[4], 'base64') }
}

function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of text.split(',')) {
    const eq = part.indexOf('=')
    if (eq === 1) out.set(part[0], part.slice(2))
  }
  return out
}

/**
 * One exchange. `first(clientFirst)` answers the server-first message (or throws on a malformed
 * message); `final(clientFinal)` answers the server-final message when the proof is right, null
 * when it is wrong. A missing verifier still runs the exchange with a random one, so a client
 * cannot tell "no password set" from "wrong password" by the exchange itself. `serverNonce` is
 * random (a test passes RFC 7677's).
 */
export function scramServer(verifier: ScramVerifier | null, serverNonce = crypto.randomBytes(18).toString('base64')) {
  const v = verifier ?? { iterations: ITERATIONS, salt: crypto.randomBytes(16), storedKey: crypto.randomBytes(32), serverKey: crypto.randomBytes(32) }
  let clientFirstBare = ''
  let serverFirst = ''
  let nonce = ''
  return {
    first(clientFirst: string): string {
      const gs2 = /^([ny]),,/.exec(clientFirst) // p=…: channel binding, which this port does not offer
      if (!gs2) throw new Error('SCRAM: unsupported channel binding or malformed client-first message')
      clientFirstBare = clientFirst.slice(gs2[0].length)
      const clientNonce = attributes(clientFirstBare).get('r')
      if (!clientNonce) throw new Error('SCRAM: the client-first message has no nonce')
      nonce = clientNonce + serverNonce
      serverFirst = `r=${nonce},s=${v.salt.toString('base64')},i=${v.iterations}`
      return serverFirst
    },
    final(clientFinal: string): string | null {
      const proofAt = clientFinal.lastIndexOf(',p=')
      if (proofAt < 0) throw new Error('SCRAM: the client-final message has no proof')
      const withoutProof = clientFinal.slice(0, proofAt)
      const attrs = attributes(withoutProof)
      if (attrs.get('r') !== nonce) throw new Error('SCRAM: nonce mismatch')
      const proof = Buffer.from(clientFinal.slice(proofAt + 3), 'base64')
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`
      const signature = hmac(v.storedKey, authMessage)
      if (proof.length !== signature.length) return null
      const clientKey = Buffer.from(proof.map((byte, i) => byte ^ signature[i]))
      if (!verifier || !crypto.timingSafeEqual(sha256(clientKey), v.storedKey)) return null
      return `v=${hmac(v.serverKey, authMessage).toString('base64')}`
    },
  }
}
