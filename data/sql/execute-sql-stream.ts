import { APPLICATION_NAME_HEADER, QUERY_EDITOR_APPLICATION_NAME } from '@/lib/logs/application-names'
import { postStream } from '@/data/fetchers'
import { readJsonLines } from '@/data/read-stream'
import type { SqlErrorBody, SqlField, SqlQueryBody, SqlResult, SqlStreamLine } from '@/lib/api-types/sql'
import { SQL_STREAM_MAX_BYTES, SQL_STREAM_MAX_BYTES_HEADER, SQL_STREAM_MEDIA_TYPE } from '@/lib/sql/limits'
import type { ExecuteSqlVariables } from './execute-sql'

/** A streamed result: the rows that arrived, and the error that ended the stream early, if one did. */
export type StreamedSqlResult = SqlResult & { failure: SqlErrorBody | null }

export type StreamSqlOptions = {
  signal?: AbortSignal
  /** Called with the rows so far as they arrive (a new array each time, at most every `progressMs`). */
  onProgress?: (partial: SqlResult) => void
  progressMs?: number
  /** Bytes of rows this tab will hold (at most SQL_STREAM_MAX_BYTES); the platform stops the query past them. */
  maxBytes?: number
}

const cutOff = (message: string): SqlErrorBody => ({ message, code: '08006', position: null, detail: null, hint: null, where: null, severity: 'ERROR' })

/**
 * Runs SQL on a project's database and reads its result as it streams (`Accept:
 * application/x-ndjson`, lib/api-types/sql.ts SqlStreamLine): rows travel as arrays under one
 * header and become the grid's row objects here. A failure before any row rejects as executeSql
 * does (a ResponseError with the Postgres error); one after the first rows resolves with the rows
 * that arrived and `failure`. Abortable: the platform then stops the query.
 */
export async function streamSql({ projectRef, connectionString, sql, parameters, name }: ExecuteSqlVariables, options: StreamSqlOptions = {}): Promise<StreamedSqlResult> {
  if (!projectRef) throw new Error('Project ref is required')
  const maxBytes = Math.min(options.maxBytes ?? SQL_STREAM_MAX_BYTES, SQL_STREAM_MAX_BYTES)
  const progressMs = options.progressMs ?? 100
  return postStream(
    `/platform/pg-meta/${encodeURIComponent(projectRef)}/query`,
    { query: sql, ...(parameters ? { parameters } : {}), ...(name ? { name } : {}) } satisfies SqlQueryBody,
    async (response) => {
      if (!response.body) throw new Error('The answer has no body')
      let fields: SqlField[] = []
      const rows: Record<string, unknown>[] = []
      let lastProgress = 0
      const result = (): SqlResult => ({ rows, fields, rowCount: rows.length, command: null, truncated: false })
      for await (const value of readJsonLines(response.body)) {
        const line = value as SqlStreamLine
        if ('fields' in line) fields = line.fields
        else if ('rows' in line) {
          const names = fields.map((f) => f.name)
          for (const values of line.rows) {
            const row: Record<string, unknown> = {}
            for (let i = 0; i < names.length; i++) row[names[i]] = values[i]
            rows.push(row)
          }
          const now = performance.now()
          if (options.onProgress && (lastProgress === 0 || now - lastProgress >= progressMs)) {
            lastProgress = now
            options.onProgress({ ...result(), rows: rows.slice() })
          }
        } else if ('end' in line) return { ...result(), ...line.end, failure: null }
        else if ('error' in line) return { ...result(), failure: line.error }
      }
      return { ...result(), failure: cutOff('The result was cut off before it finished: the connection to the platform ended. Run the query again.') }
    },
    {
      signal: options.signal,
      // The member's own SQL (the SQL editor), as the anchor's dashboard names it: shown in the logs by default.
      headers: {
        'x-connection-encrypted': connectionString ?? '',
        Accept: SQL_STREAM_MEDIA_TYPE,
        [SQL_STREAM_MAX_BYTES_HEADER]: String(maxBytes),
        [APPLICATION_NAME_HEADER]: QUERY_EDITOR_APPLICATION_NAME,
      },
    }
  )
}
