import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError } from '@/data/fetchers'
import { sqlErrorOf, type SqlErrorBody, type SqlResult } from '@/data/sql/execute-sql'
import { streamSql } from '@/data/sql/execute-sql-stream'
import { errorIndexInDocument } from '@/lib/sql/error-position'
import type { RunTarget } from './CodeEditor'

export type RunState =
  | { status: 'idle' }
  /** `partial`: the rows that arrived so far, once the first did. */
  | { status: 'running'; target: RunTarget; startedAt: number; partial?: SqlResult }
  /** `failure`: the query stopped after its first rows (the size cap, a timeout); `result` holds what arrived. */
  | { status: 'success'; target: RunTarget; result: SqlResult; durationMs: number; failure?: SqlErrorBody | null }
  | {
      status: 'error'
      target: RunTarget
      durationMs: number
      message: string
      /** The Postgres error, when the failure was one (else a platform or network failure). */
      sqlError: SqlErrorBody | null
      /** Where the error points in the editor's whole text (0-based), when Postgres said. */
      errorIndex: number | null
    }
  | { status: 'cancelled'; target: RunTarget; durationMs: number }

/** Commands after which the completion catalogue and table lists may be out of date. */
const READ_ONLY_COMMANDS = new Set(['SELECT', 'SHOW', 'EXPLAIN', 'FETCH', 'VALUES', 'TABLE'])

/**
 * Runs SQL on the project's database and tracks the outcome; the result streams (the first rows
 * are shown while the rest arrive). Cancel aborts the HTTP request, and the platform stops the
 * query: on a Postgres server at once, on PGlite at its next chunk of rows.
 */
export function useSqlRunner({
  projectRef,
  connectionString,
  migrationName,
}: {
  projectRef: string
  connectionString: string | null | undefined
  /** The snippet's name: a run that changes the schema is recorded as a migration under it (else the platform names it). */
  migrationName?: string
}) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<RunState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const runId = useRef(0)

  useEffect(() => () => controller.current?.abort(), [])

  const run = useCallback(
    async (target: RunTarget) => {
      controller.current?.abort()
      const abort = new AbortController()
      controller.current = abort
      const id = ++runId.current
      const startedAt = performance.now()
      setState({ status: 'running', target, startedAt })
      const elapsed = () => Math.round(performance.now() - startedAt)
      try {
        const { failure, ...result } = await streamSql(
          { projectRef, connectionString, sql: target.sql, name: migrationName },
          {
            signal: abort.signal,
            onProgress: (partial) => {
              if (id === runId.current) setState({ status: 'running', target, startedAt, partial })
            },
          }
        )
        if (id !== runId.current) return
        setState({ status: 'success', target, result, durationMs: elapsed(), failure })
        if (!READ_ONLY_COMMANDS.has((result.command ?? '').toUpperCase())) {
          // Queries read from the project's database (completion, table lists) live under this prefix (data/sql/keys.ts).
          void queryClient.invalidateQueries({ queryKey: ['projects', projectRef, 'sql'] })
        }
      } catch (error) {
        if (id !== runId.current) return
        if (isAbortError(error)) {
          setState({ status: 'cancelled', target, durationMs: elapsed() })
          return
        }
        const sqlError = sqlErrorOf(error)
        setState({
          status: 'error',
          target,
          durationMs: elapsed(),
          message: sqlError?.message ?? (error instanceof Error ? error.message : String(error)),
          sqlError,
          errorIndex: sqlError ? errorIndexInDocument(target.sql, target.offset, sqlError.position) : null,
        })
      } finally {
        if (controller.current === abort) controller.current = null
      }
    },
    [projectRef, connectionString, migrationName, queryClient]
  )

  const cancel = useCallback(() => {
    controller.current?.abort()
  }, [])

  const reset = useCallback(() => {
    controller.current?.abort()
    runId.current += 1
    setState({ status: 'idle' })
  }, [])

  return { state, run, cancel, reset }
}
