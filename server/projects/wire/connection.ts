import crypto from 'node:crypto'
import type { Socket } from 'node:net'
import { getStore } from '../../db/store'
import { withEngine } from '../database-cache'
import type { Engine } from '../engines'
import { quoteIdent } from '../jail'
import { PROJECT_LISTEN_CHANNELS } from '../notifications'
import { schemaMayHaveChanged } from '../schema-epoch'
import { PGLITE_WIRE_DATABASE, projectRoleNames } from '../targets'
import { Inbox } from './inbox'
import * as m from './messages'
import type { Frame } from './messages'
import { pgliteOwnerVerifier } from '../owner-verifier'
import { parseScramVerifier, SCRAM_MECHANISM, scramServer } from './scram'

/**
 * One client of a PGlite project's loopback port (server.ts): the startup and SCRAM-SHA-256
 * authentication of the project's owner role against the verifier an Admin set (POST
 * …/db-password, kept in the platform store: owner-verifier.ts), never against the role's password
 * in the project database, which member SQL, running as that role, could change (issue 22); then
 * PGlite's own answers relayed as they are.
 *
 * PGlite has one session, which the dashboard uses too. A client's turn (a statement batch up to
 * its ReadyForQuery, or a whole transaction) has that session to itself, as the owner role (SET
 * SESSION AUTHORIZATION: what it creates is the project's, as through the dashboard); then the
 * session is reset (DISCARD ALL) and the next user's turn starts clean. So connections take
 * turns, and session state (SET, PREPARE, temporary tables) lasts only until the end of a turn.
 * PGlite's session itself is its superuser's: a client could RESET SESSION AUTHORIZATION within
 * a turn, so the owner role here is a convention, not a wall (the password is an Admin's).
 */

const WIRE_DATABASE = PGLITE_WIRE_DATABASE
/** A client that keeps a transaction open this long without a word is disconnected (the dashboard waits meanwhile). */
export const IDLE_IN_TRANSACTION_MS = 60_000

class Fatal extends Error {
  constructor(readonly code: string, message: string) {
    super(message)
  }
}

/** Serves one client; always ends by closing the socket. */
/** How long a client's statement may run, and how long it may leave a transaction open without a word. */
export type WireLimits = { statementTimeoutMs: number; idleInTransactionMs: number }

export async function serveWireClient(socket: Socket, ref: string, options: WireLimits & { tooMany: boolean }): Promise<void> {
  const inbox = new Inbox(socket)
  try {
    const params = await startup(inbox, socket)
    if (!params) return
    const role = projectRoleNames(ref).owner
    const user = params.get('user') ?? ''
    const database = params.get('database') || user
    if (user !== role) throw new Fatal('28000', `role "${user}" cannot connect here: this project's database has one login role, "${role}"`)
    if (database !== WIRE_DATABASE) throw new Fatal('3D000', `database "${database}" does not exist: this PGlite database is "${WIRE_DATABASE}"`)
    if (options.tooMany) throw new Fatal('53300', 'sorry, too many clients already on this project database')
    await assertServing(ref)
    await withEngine(ref, async (engine) => {
      if (!engine.wire) throw new Fatal('08004', 'this project database is not served on this port')
      await authenticate(ref, inbox, socket, role)
      await greet(engine, socket, role, params.get('application_name') ?? '')
    })
    await relay(ref, inbox, socket, options)
  } catch (error) {
    const fatal = error instanceof Fatal ? error : new Fatal('XX000', `the connection ended: ${(error as Error).message}`)
    if (!(error instanceof Fatal)) console.warn(`[platform-api] project ${ref} loopback port: ${(error as Error).message}`)
    if (socket.writable) socket.write(m.errorResponse('FATAL', fatal.code, fatal.message))
  } finally {
    socket.end()
  }
}

/** Answers SSL/GSS requests with "no" and reads the startup message; null for a cancel request. */
async function startup(inbox: Inbox, socket: Socket): Promise<Map<string, string> | null> {
  for (;;) {
    const frame = await inbox.next(30_000)
    if (!frame || frame === 'timeout') return null
    const { code, params } = m.readStartup(frame.body)
    if (code === m.SSL_REQUEST || code === m.GSSENC_REQUEST) {
      socket.write('N')
      continue
    }
    if (code === m.CANCEL_REQUEST) return null // PGlite cannot interrupt a statement
    if (code !== m.PROTOCOL_3) throw new Fatal('0A000', `unsupported frontend protocol ${code >> 16}.${code & 0xffff}: only 3.0`)
    inbox.typed()
    return params
  }
}

async function assertServing(ref: string): Promise<void> {
  const store = await getStore()
  const { rows } = await store.query<{ status: string }>('select status from platform.projects where ref = $1', [ref])
  const status = rows[0]?.status
  if (status !== 'ACTIVE_HEALTHY') throw new Fatal('57P03', `the project is not serving its database (status ${status ?? 'REMOVED'})`)
}

async function expect(inbox: Inbox, type: string): Promise<Buffer> {
  const frame = await inbox.next(30_000)
  if (frame === 'timeout') throw new Fatal('08P01', 'authentication timed out')
  if (!frame) throw new Fatal('08006', 'the client left during authentication')
  if (frame.type !== type) throw new Fatal('08P01', `expected a password message, got "${frame.type}"`)
  return frame.body
}

async function authenticate(ref: string, inbox: Inbox, socket: Socket, role: string): Promise<void> {
  const exchange = scramServer(parseScramVerifier(await pgliteOwnerVerifier(ref)))
  socket.write(m.authentication(10, m.saslMechanisms(SCRAM_MECHANISM)))
  const initial = m.readSaslInitial(await expect(inbox, 'p'))
  if (initial.mechanism !== SCRAM_MECHANISM) throw new Fatal('28000', `unsupported SASL mechanism ${initial.mechanism}`)
  let serverFinal: string | null
  try {
    socket.write(m.authentication(11, Buffer.from(exchange.first(initial.data))))
    serverFinal = exchange.final((await expect(inbox, 'p')).toString('utf8'))
  } catch (error) {
    if (error instanceof Fatal) throw error
    throw new Fatal('08P01', (error as Error).message)
  }
  if (!serverFinal) throw new Fatal('28P01', `password authentication failed for user "${role}" (an Admin sets it in Project settings → General)`)
  socket.write(m.authentication(12, Buffer.from(serverFinal)))
  socket.write(m.authentication(0))
}

async function greet(engine: Engine, socket: Socket, role: string, applicationName: string): Promise<void> {
  const names = ['server_version', 'server_encoding', 'client_encoding', 'DateStyle', 'IntervalStyle', 'TimeZone', 'integer_datetimes', 'standard_conforming_strings']
  const { rows } = await engine.db.query<{ name: string; value: string }>('select name, current_setting(name) as value from unnest($1::text[]) as t(name)', [names])
  const out = rows.map((row) => m.parameterStatus(row.name, row.value))
  out.push(m.parameterStatus('is_superuser', 'off'), m.parameterStatus('session_authorization', role), m.parameterStatus('application_name', applicationName))
  out.push(m.backendKeyData(crypto.randomInt(1, 2 ** 31 - 1), crypto.randomInt(0, 2 ** 31 - 1)), m.readyForQuery('I'))
  socket.write(Buffer.concat(out))
}

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4])
/**
 * Gives the session back as the platform left it: DISCARD ALL, then PGlite's superuser again (in
 * PGlite, SET SESSION AUTHORIZATION DEFAULT keeps the role a turn took; naming it works).
 */
const RESET = [m.query('discard all'), m.query('set session authorization postgres')]

async function reset(send: Send): Promise<void> {
  for (const statement of RESET) {
    if (m.lastReadyStatus(await send(statement)) !== 'I') throw new Fatal('XX000', 'could not reset the session after the turn')
  }
}

/**
 * Relays the client's turns until it leaves. Each turn borrows the database from the cache (so
 * a database idle-closed between turns opens again, and pausing or closing it waits only for the
 * turn under way) after checking the project still serves it.
 */
async function relay(ref: string, inbox: Inbox, socket: Socket, limits: WireLimits): Promise<void> {
  for (;;) {
    const first = await inbox.next()
    if (!first || first === 'timeout' || first.type === 'X') return
    await assertServing(ref)
    const setRole = m.query(`set session authorization ${quoteIdent(projectRoleNames(ref).owner)}`)
    const more = await withEngine(ref, (engine) =>
      engine.wire!(async (raw) => {
        // What a statement changed may be a table the REST API remembers (rest/read-ahead.ts): the
        // epoch moves as soon as it ran, before its answer reaches the client, whose next REST read
        // (or anyone's) then checks the table again.
        const send: typeof raw = async (bytes, timeoutMs) => {
          try {
            return await raw(bytes, timeoutMs)
          } finally {
            schemaMayHaveChanged(ref)
          }
        }
        if (m.lastReadyStatus(await send(setRole)) !== 'I') throw new Fatal('XX000', "could not take the project's owner role")
        return turn(send, first, inbox, socket, limits)
      })
    )
    if (!more) return
  }
}

type Send = (bytes: Uint8Array, timeoutMs?: number) => Promise<Uint8Array>

/** One turn: the client's messages until PGlite is ready for a query outside a transaction. False: the client left. */
async function turn(send: Send, first: Frame, inbox: Inbox, socket: Socket, limits: WireLimits): Promise<boolean> {
  let frame = first
  for (;;) {
    const out = m.withoutNotifications(await send(new Uint8Array(frame.bytes), limits.statementTimeoutMs), PROJECT_LISTEN_CHANNELS)
    if (out.length > 0 && socket.writable) socket.write(out)
    if (m.lastReadyStatus(out) === 'I') {
      await reset(send)
      return true
    }
    const next = await inbox.next(limits.idleInTransactionMs)
    if (!next || next === 'timeout' || next.type === 'X') {
      // Mid-turn: close any extended-protocol exchange, end the transaction, reset the session.
      await send(SYNC)
      await send(m.query('rollback'))
      await reset(send)
      if (next === 'timeout') throw new Fatal('25P03', 'terminating connection due to idle-in-transaction timeout (the dashboard shares this database and was waiting)')
      return false
    }
    frame = next
  }
}
