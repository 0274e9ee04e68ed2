import type { z } from 'zod'
import { exportFilters, exportQuery, exportSorts, EXPORT_MEDIA_TYPES, importOptions, importQuery, IMPORT_MAX_BYTES } from '@/lib/api-types/table-io'
import { getServerConfig } from '@/lib/config'
import { roleAtLeast } from '../access'
import { badRequest } from '../http/errors'
import { route } from '../http/route'
import { respond, respondStream, type ApiRequest } from '../http/types'
import { describeIssues } from '../http/validate'
import { refParams } from '../projects/schemas'
import { requireServing } from '../projects/status'
import { streamTableExport } from '../table-io/export'
import { importTable } from '../table-io/import'
import { connectionHeaderPresent } from './pg-meta'

/** A query parameter holding JSON, checked against `schema`; a 400 naming the parameter and the field otherwise. */
function jsonParam<S extends z.ZodType>(name: string, text: string | undefined, schema: S, fallback: unknown): z.infer<S> {
  let value: unknown = fallback
  if (text !== undefined) {
    try {
      value = JSON.parse(text)
    } catch {
      throw badRequest(`${name} must be JSON`)
    }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw badRequest(`${name}: ${describeIssues(parsed.error)}`)
  return parsed.data
}

function requireConnection(req: ApiRequest) {
  // spec §5: on the hosted platform a request without the connection header gets no connection.
  if (getServerConfig().isPlatform && !connectionHeaderPresent(req)) {
    throw badRequest('Could not acquire a connection to the project database: the x-connection-encrypted header is missing')
  }
}

/** The file name of a download, for Content-Disposition (plain ASCII and the UTF-8 form). */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Data in and out of a table (server/table-io): the import takes CSV as the body, streamed into
 * one transaction (Developers and above); the export answers the table, or the rows the table
 * editor's filters leave, streamed from one snapshot (Read-only members too, as the read-only role).
 */
export const tableIoRoutes = [
  route({
    method: 'POST',
    path: '/platform/pg-meta/:ref/tables/import',
    summary: 'Import CSV into a table (a new one or an existing one), all or nothing',
    access: { scope: 'project', minimum: 'Developer' },
    params: refParams,
    query: importQuery,
    handler: async ({ req, caller, project, query }) => {
      requireConnection(req)
      requireServing(project)
      const options = jsonParam('options', query.options, importOptions, undefined)
      const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
      if (type !== 'text/csv' && type !== 'text/plain' && type !== 'text/tab-separated-values') {
        throw badRequest('The body must be the file itself, sent as text/csv (or text/plain, text/tab-separated-values)')
      }
      const outcome = await importTable(project.ref, options, req.bodyStream(IMPORT_MAX_BYTES), { createdBy: caller.email, signal: req.signal })
      return outcome.ok ? respond(201, outcome.result) : respond(400, outcome.error)
    },
  }),
  route({
    method: 'GET',
    path: '/platform/pg-meta/:ref/tables/export',
    summary: 'Export a table (or its filtered rows) as CSV, JSON or SQL INSERTs',
    access: { scope: 'project', minimum: 'Read-only' },
    params: refParams,
    query: exportQuery,
    handler: async ({ req, project, role, query }) => {
      requireConnection(req)
      requireServing(project)
      const filters = jsonParam('filters', query.filters, exportFilters, [])
      const sorts = jsonParam('sorts', query.sorts, exportSorts, [])
      const outcome = await streamTableExport(project.ref, {
        schema: query.schema,
        table: query.table,
        format: query.format,
        filters,
        sorts,
        readOnly: !roleAtLeast(role, 'Developer'),
        signal: req.signal,
      })
      const result = respondStream(`${EXPORT_MEDIA_TYPES[query.format]}; charset=utf-8`, outcome.stream)
      result.headers = { ...result.headers, 'Content-Disposition': attachment(outcome.filename) }
      return result
    },
  }),
]
