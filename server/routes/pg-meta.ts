import { sqlQueryBody } from '@/lib/api-types/sql'
import { getServerConfig } from '@/lib/config'
import { SQL_STREAM_MAX_BYTES, SQL_STREAM_MAX_BYTES_HEADER, SQL_STREAM_MEDIA_TYPE } from '@/lib/sql/limits'
import { roleAtLeast } from '../access'
import { badRequest } from '../http/errors'
import { APPLICATION_NAME_HEADER, applicationNameOf } from '@/lib/logs/application-names'
import { firstHeader } from '../http/headers'
import { route } from '../http/route'
import { respond, respondStream, type ApiRequest } from '../http/types'
import { runProjectQuery } from '../projects/run-query'
import { refParams } from '../projects/schemas'
import { streamProjectQuery } from '../projects/stream-query'
import { requireServing } from '../projects/status'

const FALSY_HEADER_VALUES = new Set(['', 'false', '0', 'null', 'undefined'])

export function connectionHeaderPresent(req: ApiRequest): boolean {
  const text = firstHeader(req.headers['x-connection-encrypted'])
  return text !== undefined && !FALSY_HEADER_VALUES.has(text.toLowerCase())
}

/** Asked for a streamed answer (`Accept: application/x-ndjson`). */
function wantsStream(req: ApiRequest): boolean {
  return (firstHeader(req.headers.accept) ?? '').split(',').some((type) => type.split(';')[0].trim().toLowerCase() === SQL_STREAM_MEDIA_TYPE)
}

/** The bytes of rows the client will hold: its header's, at most the platform's cap. */
function streamMaxBytes(req: ApiRequest): number {
  const text = firstHeader(req.headers[SQL_STREAM_MAX_BYTES_HEADER])
  if (text === undefined) return SQL_STREAM_MAX_BYTES
  if (!/^[1-9][0-9]{0,15}$/.test(text.trim())) throw badRequest(`${SQL_STREAM_MAX_BYTES_HEADER} must be a positive whole number of bytes`)
  return Math.min(Number(text.trim()), SQL_STREAM_MAX_BYTES)
}

/**
 * `POST /platform/pg-meta/{ref}/query` {query, parameters?} → {rows, fields, rowCount, command,
 * truncated}; a Postgres error → 400 {message, code, position, detail, hint, where}.
 * Read-only members run read-only statements; Developers and above run anything.
 * With `Accept: application/x-ndjson` the result streams as JSON lines (SqlStreamLine,
 * server/projects/stream-query.ts), its rows' bytes capped by `x-result-max-bytes` (at most
 * SQL_STREAM_MAX_BYTES).
 */
export const pgMetaRoutes = [
  route({
    method: 'POST',
    path: '/platform/pg-meta/:ref/query',
    summary: "Run SQL on the project's database (read-only for Read-only members)",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    body: sqlQueryBody,
    handler: async ({ req, caller, project, role, body }) => {
      // spec §5: on the hosted platform a request without the connection header gets no connection.
      if (getServerConfig().isPlatform && !connectionHeaderPresent(req)) {
        throw badRequest('Could not acquire a connection to the project database: the x-connection-encrypted header is missing')
      }
      requireServing(project)
      const readOnly = !roleAtLeast(role, 'Developer')
      const record = readOnly ? undefined : { name: body.name ?? null, createdBy: caller.email }
      // Who runs it, as the anchor's dashboard says (its own look-ups, or the SQL editor): kept in the log line.
      const applicationName = applicationNameOf(firstHeader(req.headers[APPLICATION_NAME_HEADER]))
      if (wantsStream(req)) {
        const maxBytes = streamMaxBytes(req)
        const streamed = await streamProjectQuery(project.ref, { query: body.query, parameters: body.parameters, readOnly, signal: req.signal, maxBytes, record, applicationName })
        return streamed.ok ? respondStream(`${SQL_STREAM_MEDIA_TYPE}; charset=utf-8`, streamed.lines) : respond(400, streamed.error)
      }
      const outcome = await runProjectQuery(project.ref, {
        query: body.query,
        parameters: body.parameters,
        readOnly,
        record,
        applicationName,
        // A cancelled request (the editor's Cancel) cancels the statement too, where the engine can.
        signal: req.signal,
      })
      return outcome.ok ? outcome.result : respond(400, outcome.error)
    },
  }),
]
