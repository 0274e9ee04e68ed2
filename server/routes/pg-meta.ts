import { sqlQueryBody } from '@/lib/api-types/sql'
import { getServerConfig } from '@/lib/config'
import { roleAtLeast } from '../access'
import { badRequest } from '../http/errors'
import { route } from '../http/route'
import { respond, type ApiRequest } from '../http/types'
import { runProjectQuery } from '../projects/run-query'
import { refParams } from '../projects/schemas'
import { requireServing } from '../projects/status'

const FALSY_HEADER_VALUES = new Set(['', 'false', '0', 'null', 'undefined'])

function connectionHeaderPresent(req: ApiRequest): boolean {
  const value = req.headers['x-connection-encrypted']
  const text = Array.isArray(value) ? value[0] : value
  return typeof text === 'string' && !FALSY_HEADER_VALUES.has(text.trim().toLowerCase())
}

/**
 * `POST /platform/pg-meta/{ref}/query` {query, parameters?} → {rows, fields, rowCount, command,
 * truncated}; a Postgres error → 400 {message, code, position, detail, hint, where}.
 * Read-only members run read-only statements; Developers and above run anything.
 */
export const pgMetaRoutes = [
  route({
    method: 'POST',
    path: '/platform/pg-meta/:ref/query',
    summary: "Run SQL on the project's database (read-only for Read-only members)",
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    body: sqlQueryBody,
    handler: async ({ req, project, role, body }) => {
      // spec §5: on the hosted platform a request without the connection header gets no connection.
      if (getServerConfig().isPlatform && !connectionHeaderPresent(req)) {
        throw badRequest('Could not acquire a connection to the project database: the x-connection-encrypted header is missing')
      }
      requireServing(project)
      const outcome = await runProjectQuery(project.ref, {
        query: body.query,
        parameters: body.parameters,
        readOnly: !roleAtLeast(role, 'Developer'),
        // A cancelled request (the editor's Cancel) cancels the statement too, where the engine can.
        signal: req.signal,
      })
      return outcome.ok ? outcome.result : respond(400, outcome.error)
    },
  }),
]
