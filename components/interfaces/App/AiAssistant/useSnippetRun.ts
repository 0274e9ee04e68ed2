import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { executeSql } from '@/data/sql/execute-sql'
import { useProjectConnection } from '@/hooks/use-project-connection'
import { findDestructiveStatements, type DestructiveStatement } from '@/lib/sql/statements'
import { aiAssistantActions } from '@/state/ai-assistant'
import { AI_SNIPPET_STORED_ROWS } from './AiAssistant.constants'

/** Commands after which the project's cached table lists and completions stay valid. */
const READ_ONLY_COMMANDS = new Set(['SELECT', 'SHOW', 'EXPLAIN', 'FETCH', 'VALUES', 'TABLE'])

type SnippetRunOptions = { projectRef: string; messageId: string; snippetId: string; sql: string }

/**
 * Runs a snippet of an answer on the project's database, the way the SQL editor runs a query
 * (executeSql with the project's connection), asking first when it is destructive. The rows go
 * into the message (spec §3 Message.results); a failure stays here, shown in place.
 */
export function useSnippetRun({ projectRef, messageId, snippetId, sql }: SnippetRunOptions) {
  const queryClient = useQueryClient()
  const { connectionString, ready, isLoading } = useProjectConnection(projectRef)
  const [confirming, setConfirming] = useState<DestructiveStatement[] | null>(null)
  const [running, setRunning] = useState(false)
  const [error, setError] = useState<unknown>(null)

  const execute = async () => {
    setConfirming(null)
    setRunning(true)
    setError(null)
    try {
      const result = await executeSql({ projectRef, connectionString, sql })
      aiAssistantActions.setMessageResult({ messageId, snippetId, results: result.rows.slice(0, AI_SNIPPET_STORED_ROWS) })
      if (!READ_ONLY_COMMANDS.has((result.command ?? '').toUpperCase())) {
        // Queries that read the project's database (table lists, completion) live under this prefix (data/sql/keys.ts).
        void queryClient.invalidateQueries({ queryKey: ['projects', projectRef, 'sql'] })
      }
    } catch (failure) {
      setError(failure)
    } finally {
      setRunning(false)
    }
  }

  const run = () => {
    const destructive = findDestructiveStatements(sql)
    if (destructive.length > 0) setConfirming(destructive)
    else void execute()
  }

  return {
    run,
    confirm: () => void execute(),
    cancel: () => setConfirming(null),
    confirming,
    running,
    error,
    /** Why Run is off: the database does not answer queries yet. */
    blockedReason: ready || isLoading ? null : 'The project’s database is not running, so the query cannot run.',
    ready,
  }
}
