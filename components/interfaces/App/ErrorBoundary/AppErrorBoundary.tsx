import { Component, type ErrorInfo, type ReactNode } from 'react'
import { reportError } from '@/lib/error-reporting'
import { toError } from './ErrorBoundary.utils'
import { ErrorFallback } from './ErrorFallback'

export type AppErrorBoundaryProps = {
  children: ReactNode
  /** When this value changes (e.g. the router's asPath), a shown error screen is dismissed. */
  resetKey?: unknown
  /** Where "Return to dashboard" goes; the mode's landing by default (spec §2). */
  landingPath?: string
}

type State = {
  error: Error | null
  /** Id of the error report (spec §4: "stores its id"); the support link's `sid`. */
  reportId: string | null
}

/**
 * The global error boundary (spec §4 "Error boundary"): an uncaught render error shows the
 * error screen, is reported with the `globalErrorBoundary` tag, and its report id is kept.
 * "Return to dashboard" resets it.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  state: State = { error: null, reportId: null }

  static getDerivedStateFromError(thrown: unknown): Partial<State> {
    return { error: toError(thrown) }
  }

  componentDidCatch(thrown: unknown, info: ErrorInfo): void {
    // Tagged per report rather than with setErrorTag: a global tag would also mark every
    // later, unrelated report of the session as coming from this boundary.
    const reportId = reportError(thrown, {
      tags: { globalErrorBoundary: true },
      extra: { componentStack: info.componentStack ?? undefined },
      level: 'fatal',
    })
    this.setState({ reportId })
  }

  componentDidUpdate(previous: AppErrorBoundaryProps): void {
    if (this.state.error && !Object.is(previous.resetKey, this.props.resetKey)) this.reset()
  }

  reset = (): void => {
    this.setState({ error: null, reportId: null })
  }

  render(): ReactNode {
    const { error, reportId } = this.state
    if (!error) return this.props.children
    return <ErrorFallback error={error} reportId={reportId} landingPath={this.props.landingPath} onReset={this.reset} />
  }
}
