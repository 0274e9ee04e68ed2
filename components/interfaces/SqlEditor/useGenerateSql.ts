import { useCallback, useEffect, useRef, useState } from 'react'
import { streamAiChat } from '@/data/ai/ai-chat-stream'
import { isAbortError, isResponseError } from '@/data/fetchers'
import { generateSqlPrompt, sqlOfAnswer } from './sql-assistant'

export type GenerateSqlState =
  | { status: 'idle' }
  | { status: 'generating'; text: string }
  | { status: 'stopped' }
  | { status: 'error'; message: string }

/** Said when the answer holds nothing to insert. */
export const NO_SQL_IN_ANSWER = 'The assistant answered without any SQL. Try describing the query differently.'

function failureMessage(error: unknown): string {
  if (isResponseError(error)) {
    const wait = error.retryAfter ? ` Try again in ${error.retryAfter} s.` : ''
    return `${error.message}${wait}`
  }
  return error instanceof Error ? error.message : String(error)
}

/** Aborts the request in flight, if any, and gives the next one its own controller. */
function replaceController(ref: { current: AbortController | null }): AbortController {
  ref.current?.abort()
  ref.current = new AbortController()
  return ref.current
}

/**
 * "Generate SQL": one question to the model, its answer streamed, and the SQL of a complete answer
 * handed to `onGenerated`. Stop aborts the request and nothing is handed over; a refusal or an
 * `error` event becomes the state's message.
 */
export function useGenerateSql(projectRef: string, onGenerated: (sql: string) => void) {
  const [state, setState] = useState<GenerateSqlState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const onGeneratedRef = useRef(onGenerated)
  onGeneratedRef.current = onGenerated

  const generate = useCallback(
    async (description: string) => {
      const abort = replaceController(controller)
      let text = ''
      let snippet: string | null = null
      let failure: string | null = null
      setState({ status: 'generating', text })
      try {
        await streamAiChat(
          { projectRef, messages: [{ role: 'user', content: generateSqlPrompt(description) }] },
          (event) => {
            if (abort.signal.aborted) return
            if (event.type === 'text') {
              text += event.delta
              setState({ status: 'generating', text })
            } else if (event.type === 'snippet') snippet ??= event.sql
            else if (event.type === 'error') failure = event.message
          },
          abort.signal
        )
      } catch (error) {
        if (controller.current !== abort) return
        controller.current = null
        setState(isAbortError(error) ? { status: 'stopped' } : { status: 'error', message: failureMessage(error) })
        return
      }
      if (controller.current !== abort) return
      controller.current = null
      if (failure !== null) return setState({ status: 'error', message: failure })
      // A proposal the server sent as a card counts when the text itself holds no code block.
      const sql = (!text.includes('```') && snippet) || sqlOfAnswer(text)
      if (!sql) return setState({ status: 'error', message: NO_SQL_IN_ANSWER })
      setState({ status: 'idle' })
      onGeneratedRef.current(sql)
    },
    [projectRef]
  )

  /** Stops at once: whatever the stream still brings is dropped. */
  const stop = useCallback(() => {
    if (!controller.current) return
    controller.current.abort()
    controller.current = null
    setState({ status: 'stopped' })
  }, [])
  const reset = useCallback(() => {
    controller.current?.abort()
    controller.current = null
    setState({ status: 'idle' })
  }, [])

  // Leaving the editor drops the question.
  useEffect(() => () => controller.current?.abort(), [])

  return { state, generate, stop, reset }
}
