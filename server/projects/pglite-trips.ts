import { StatementTimeoutError as WorkerStatementTimeoutError, type PgliteWorkerClient } from '../db/pglite-worker-client'
import { fromPglite, RESULT_PARSER_SPEC, StatementTimeoutError, type Engine, type RawResult } from './engines'

/**
 * Whole requests of the project API on PGlite's one session, several to a message (issue 23).
 *
 * A request sent in one round trip (request-batch.ts: BEGIN, claims, its read in the jail) is
 * followed by the request's end (REQUEST_END_SQL: commit and the session's reset) and waits in a
 * line; the requests that arrived while the worker was busy go together as ONE simple query, each
 * its own transaction between its BEGIN and its reset, so the next one starts from the same clean
 * session as if it had been alone. The next message leaves as soon as one answers, before this
 * thread writes that one's answers, so the worker does not idle meanwhile.
 *
 * An error stops the rest of a simple query: the worker then rolls back and discards the session's
 * state (`recover`, as the end of an exclusive session does), the request it hit gets the error,
 * and the requests after it, which did not run, go in the next message. A message past the
 * earliest deadline among its requests ends the worker: the requests whose time is up get the
 * timeout, the others an error that sends them the usual way (request-role.ts).
 */

/**
 * Requests in one message at most: what one message holds bounds how long its first one waits.
 * Under the bench's 50 connections about 34 wait while a message runs: with 16, half of them
 * waited for two messages (1,219 req/s, p99 61 ms); with 32, 1,370 req/s, p99 51 ms.
 */
const MAX_REQUESTS = 32
/**
 * Messages on their way to the worker or running there at once. One: the next message is sent as
 * soon as one answers, before its requests' answers are written, so the worker idles only while
 * a message crosses; with two, the second left with the one or two requests of its turn, and the
 * worker paid a message's cost for each (measured: 12% of its time in postMessage).
 */
const MAX_IN_FLIGHT = 1

type Trip = {
  sql: string
  statements: number
  keep: number[]
  deadline: number | null
  timeoutMs: number
  signal?: AbortSignal
  resolve: (results: RawResult[]) => void
  reject: (error: unknown) => void
}

/** A message's requests could not all be answered (its worker was ended): run again the usual way. */
export class TripNotRun extends Error {}

const cancelled = () => Object.assign(new Error('canceling statement due to user request'), { code: '57014', severity: 'ERROR' })

const counts = globalThis as typeof globalThis & { __sharedTrips?: number }

/** How many requests this process sent to a PGlite worker in a message with others (tests, diagnostics). */
export const sharedTrips = (): number => counts.__sharedTrips ?? 0

export type TripLine = NonNullable<Engine['requestTrip']>

/**
 * The line of a PGlite engine's whole requests. `end`: the statements closing each request (its
 * commit and reset), `endStatements` of them; `recover`: what makes the session clean after an error.
 */
export function tripLine(client: PgliteWorkerClient, end: string, endStatements: number, recover: string[]): TripLine {
  // The end runs in an implicit transaction, which the next request's BEGIN would carry on: its
  // UNLISTEN and LISTEN would not take effect before that request's COMMIT, and a LISTEN of the
  // request before would still be seen. So each end commits of its own.
  const close = `${end};\ncommit`
  const closeStatements = endStatements + 1
  const pending: Trip[] = []
  let inFlight = 0
  let scheduled = false

  const pump = () => {
    if (scheduled || inFlight >= MAX_IN_FLIGHT || pending.length === 0) return
    scheduled = true
    // The requests of this event-loop turn go together.
    setImmediate(() => {
      scheduled = false
      send()
    })
  }

  const send = () => {
    if (inFlight >= MAX_IN_FLIGHT) return
    const now = Date.now()
    const trips: Trip[] = []
    while (trips.length < MAX_REQUESTS && pending.length > 0) {
      const trip = pending.shift()!
      if (trip.signal?.aborted) trip.reject(cancelled())
      else if (trip.deadline !== null && trip.deadline <= now) trip.reject(new StatementTimeoutError(trip.timeoutMs))
      else trips.push(trip)
    }
    if (trips.length === 0) return pump()
    const deadlines = trips.flatMap((t) => (t.deadline === null ? [] : [t.deadline]))
    const timeoutMs = deadlines.length > 0 ? Math.max(1, Math.min(...deadlines) - now) : undefined
    if (trips.length > 1) counts.__sharedTrips = sharedTrips() + trips.length
    const keep: number[] = []
    let offset = 0
    for (const trip of trips) {
      keep.push(...trip.keep.map((i) => offset + i))
      offset += trip.statements + closeStatements
    }
    inFlight++
    client
      .execBatch(trips.map((t) => `${t.sql};\n${close}`).join(';\n'), keep, recover, { parsers: RESULT_PARSER_SPEC, timeoutMs })
      .then(
        ({ results, ran, error }) => {
          inFlight--
          if (!error) send() // the next message leaves before this one's answers are written
          answer(trips, results.map(fromPglite), ran, error)
        },
        (error: unknown) => {
          inFlight--
          const at = Date.now()
          for (const trip of trips) {
            if (error instanceof WorkerStatementTimeoutError && trip.deadline !== null && trip.deadline <= at) trip.reject(new StatementTimeoutError(trip.timeoutMs))
            else trip.reject(new TripNotRun('the request did not run: its PGlite worker was ended', { cause: error }))
          }
        }
      )
      .catch((error: unknown) => console.error('[project-api] answering a message of requests failed', error))
      .finally(pump)
  }

  /** Each request's share of the results; the one an error hit gets it, those after it go again. */
  const answer = (trips: Trip[], results: RawResult[], ran: number, error: Error | null) => {
    let offset = 0
    let next = 0
    for (let i = 0; i < trips.length; i++) {
      const trip = trips[i]
      offset += trip.statements + closeStatements
      if (offset <= ran) {
        trip.resolve(results.slice(next, next + trip.keep.length))
        next += trip.keep.length
        continue
      }
      trip.reject(error ?? new Error(`PGlite ran ${ran} statements of a message of ${offset} and more`))
      pending.unshift(...trips.slice(i + 1))
      return
    }
  }

  return (sql, statements, keep, options = {}) =>
    new Promise<RawResult[]>((resolve, reject) => {
      if (options.signal?.aborted) return reject(cancelled())
      const deadline = options.timeoutMs ? Date.now() + options.timeoutMs : null
      pending.push({ sql, statements, keep, deadline, timeoutMs: options.timeoutMs ?? 0, signal: options.signal, resolve, reject })
      pump()
    })
}
