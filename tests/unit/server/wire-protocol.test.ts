import { describe, expect, it } from 'vitest'
import { lastReadyStatus, readStartup, readyForQuery, takeFrames, errorResponse, PROTOCOL_3 } from '@/server/projects/wire/messages'
import { parseScramVerifier, scramServer, scramVerifier } from '@/server/projects/wire/scram'
import { databasePasswordProblem } from '@/lib/database-password'

/** The loopback port's own pieces: SCRAM-SHA-256 (RFC 7677's example exchange) and message framing. */
describe('SCRAM-SHA-256 server', () => {
  // RFC 7677 §3: user "user", password "pencil".
  const salt = Buffer.from('W22ZaJ0SNY7soEsUEjb6gQ==', 'base64')
  const clientFirst = 'n,,n=user,r=rOprNGfwEbeRWgbNEkqO'
  const serverNonce = '%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0'
  const withoutProof = 'c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0'

  it("stores Postgres' verifier and answers the RFC's exchange with its server signature", () => {
    const verifier = scramVerifier('pencil', salt, 4096)
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:W22ZaJ0SNY7soEsUEjb6gQ==\$[A-Za-z0-9+/=]{44}:[A-Za-z0-9+/=]{44}$/)
    const exchange = scramServer(parseScramVerifier(verifier), serverNonce)
    expect(exchange.first(clientFirst)).toBe(`r=rOprNGfwEbeRWgbNEkqO${serverNonce},s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096`)
    expect(exchange.final(`${withoutProof},p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=`)).toBe('v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4=')
  })

  it('refuses a proof made with another password, and any proof when no password is set', () => {
    const wrong = scramServer(parseScramVerifier(scramVerifier('not pencil', salt, 4096)), serverNonce)
    wrong.first(clientFirst)
    expect(wrong.final(`${withoutProof},p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=`)).toBeNull()
    const none = scramServer(parseScramVerifier(null), serverNonce)
    expect(none.first(clientFirst)).toMatch(/^r=rOprNGfwEbeRWgbNEkqO/)
    expect(none.final(`${withoutProof},p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=`)).toBeNull()
  })

  it('refuses channel binding it does not offer and a nonce that is not its own', () => {
    const exchange = scramServer(parseScramVerifier(scramVerifier('pencil', salt, 4096)), serverNonce)
    expect(() => exchange.first('p=tls-server-end-point,,n=user,r=abc')).toThrow(/channel binding/)
    exchange.first(clientFirst)
    expect(() => exchange.final('c=biws,r=someone-elses-nonce,p=AAAA')).toThrow(/nonce mismatch/)
  })

  it('reads only SCRAM verifiers', () => {
    expect(parseScramVerifier('md5' + 'a'.repeat(32))).toBeNull()
    expect(parseScramVerifier(null)).toBeNull()
  })
})

describe('wire messages', () => {
  it('cuts typed messages, keeping a partial one for later', () => {
    const ready = readyForQuery('T')
    const error = errorResponse('ERROR', '22012', 'division by zero')
    const both = Buffer.concat([ready, error])
    const { frames, rest } = takeFrames(both.subarray(0, both.length - 3), true)
    expect(frames.map((f) => f.type)).toEqual(['Z'])
    expect(rest.length).toBe(error.length - 3)
    expect(takeFrames(both, true).frames.map((f) => f.type)).toEqual(['Z', 'E'])
  })

  it('reads a startup message one at a time', () => {
    const params = Buffer.from('user\0project_x\0database\0postgres\0\0')
    const body = Buffer.concat([Buffer.from([0, 3, 0, 0]), params])
    const length = Buffer.alloc(4)
    length.writeInt32BE(body.length + 4)
    const startup = Buffer.concat([length, body])
    const { frames } = takeFrames(Buffer.concat([startup, readyForQuery('I')]), false, 1)
    expect(frames).toHaveLength(1)
    const read = readStartup(frames[0].body)
    expect(read.code).toBe(PROTOCOL_3)
    expect(Object.fromEntries(read.params)).toEqual({ user: 'project_x', database: 'postgres' })
  })

  it("finds the transaction status of the last ReadyForQuery in PGlite's output", () => {
    expect(lastReadyStatus(new Uint8Array(Buffer.concat([errorResponse('ERROR', '22012', 'x'), readyForQuery('E')])))).toBe('E')
    expect(lastReadyStatus(new Uint8Array(Buffer.concat([readyForQuery('T'), readyForQuery('I')])))).toBe('I')
    expect(lastReadyStatus(new Uint8Array(errorResponse('ERROR', '22012', 'Z')))).toBeNull()
  })
})

describe('database password rules', () => {
  it('wants 12 to 128 printable ASCII characters', () => {
    expect(databasePasswordProblem('x'.repeat(11))).toMatch(/at least 12/)
    expect(databasePasswordProblem('x'.repeat(129))).toMatch(/at most 128/)
    expect(databasePasswordProblem('pässwort-pässwort')).toMatch(/printable ASCII/)
    expect(databasePasswordProblem('twelve chars!')).toBeNull()
  })
})
