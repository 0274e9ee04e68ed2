import type { ReactNode } from 'react'
import { Admonition } from './Admonition'

export type ErrorStateProps = {
  /** What failed, e.g. "Failed to load projects". */
  title?: ReactNode
  /** The error whose message is shown (an Error, a `{ message }` body or a string). */
  error?: unknown
  /** Shows a Retry button when given. */
  onRetry?: () => void
  /** True while the retry runs: the button is disabled. */
  retrying?: boolean
  className?: string
}

const FALLBACK_MESSAGE = 'An unexpected error occurred.'

/** The message of anything thrown. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim() !== '') return error
  if (typeof error === 'object' && error !== null) {
    const { message } = error as { message?: unknown }
    if (typeof message === 'string' && message.trim() !== '') return message
  }
  return FALLBACK_MESSAGE
}

/** The error block of a screen: what failed, why, and a Retry button. */
export function ErrorState({ title = 'Something went wrong', error, onRetry, retrying = false, className }: ErrorStateProps) {
  return (
    <Admonition
      type="danger"
      role="alert"
      title={title}
      className={className}
      actions={
        onRetry && (
          <button type="button" className="btn btn-sm" onClick={onRetry} disabled={retrying}>
            Retry
          </button>
        )
      }
    >
      {errorMessage(error)}
    </Admonition>
  )
}

/** The error state of a failed query, with Retry (disabled while it refetches). */
export function QueryErrorState({ title, query }: { title: string; query: { error: unknown; refetch: () => unknown; isFetching: boolean } }) {
  return <ErrorState title={title} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
}
