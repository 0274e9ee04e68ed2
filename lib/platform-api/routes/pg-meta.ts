import { z } from 'zod'
import { getServerConfig } from '@/lib/config'
import { getProjectAccess, roleAtLeast } from '../access'
import { requireCaller } from '../auth/caller'
import { getStore } from '../db/store'
import { badRequest, conflict } from '../http/errors'
import type { Router } from '../http/router'
import { respond, type ApiRequest } from '../http/types'
import { parseBody, parseParams } from '../http/validate'
import { runProjectQuery } from '../projects/run-query'
import { refParams } from '../projects/schemas'

const queryBody = z.strictObject({
  query: z.string('must be a string').min(1, 'must not be empty'),
  parameters: z.array(z.unknown(), 'must be an array').max(10_000).optional(),
})

const FALSY_HEADER_VALUES = new Set(['', 'false', '0', 'null', 'undefined'])

function connectionHeaderPresent(req: ApiRequest): boolean {
  const value = req.headers['x-connection-encrypted']
  const text = Array.isArray(value) ? value[0] : value
  return typeof text === 'string' && !FALSY_HEADER_VALUES.has(text.trim().toLowerCase())
}

/** Statuses in which the database serves queries. */
const SERVING = new Set(['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'])

/**
 * `POST /platform/pg-meta/{ref}/query` {query, parameters?} → {rows, fields, rowCount, command,
 * truncated}; a Postgres error → 400 {message, code, position, detail, hint, where}.
 * Read-only members run read-only statements; Developers and above run anything.
 */
export function registerPgMetaRoutes(router: Router): void {
  router.post('/platform/pg-meta/:ref/query', async (req) => {
    const caller = await requireCaller(req)
    const { ref } = parseParams(req, refParams)
    const db = await getStore()
    const { project, role } = await getProjectAccess(db, caller, ref, 'Read-only')
    // spec §5: on the hosted platform a request without the connection header gets no connection.
    if (getServerConfig().isPlatform && !connectionHeaderPresent(req)) {
      throw badRequest('Could not acquire a connection to the project database: the x-connection-encrypted header is missing')
    }
    const body = await parseBody(req, queryBody)
    if (!SERVING.has(project.status)) {
      throw conflict(`Project ${ref} is ${project.status}: its database serves queries only when ACTIVE_HEALTHY`)
    }
    const outcome = await runProjectQuery(ref, {
      query: body.query,
      parameters: body.parameters,
      readOnly: !roleAtLeast(role, 'Developer'),
      // A cancelled request (the editor's Cancel) cancels the statement too, where the engine can.
      signal: req.signal,
    })
    return outcome.ok ? outcome.result : respond(400, outcome.error)
  })
}
