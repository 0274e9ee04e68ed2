import { CopyButton } from '@/components/ui/CopyButton'
import { errorMessage } from '@/components/ui/ErrorState'
import { Spinner } from '@/components/ui/Spinner'
import type { GraphqlResponse } from '@/data/graphql/graphql-request'
import styles from './Graphiql.module.css'

export type RunState =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; response: GraphqlResponse; ms: number }
  | { status: 'failed'; error: unknown }

/** The answer of the last run: its errors (highlighted, with where they point) and its data as JSON. */
export function ResultPanel({ state }: { state: RunState }) {
  return (
    <section className={styles.result} aria-labelledby="graphiql-result-title">
      <div className={`bar ${styles.paneHeader}`}>
        <h2 id="graphiql-result-title" className={styles.paneTitle}>
          Result
        </h2>
        {state.status === 'done' && (
          <span className={styles.resultMeta}>
            <span className="muted">
              {state.response.errors?.length ? `${state.response.errors.length} error${state.response.errors.length > 1 ? 's' : ''} · ` : ''}
              {state.ms} ms
            </span>
            <CopyButton text={() => JSON.stringify(state.response, null, 2)} label="Copy JSON" className="btn btn-ghost btn-sm" />
          </span>
        )}
      </div>
      <div className={styles.resultBody}>
        {state.status === 'idle' && <p className="muted">Run an operation to see its result here (Ctrl+Enter or ⌘+Enter in the editor).</p>}
        {state.status === 'running' && (
          <p className={styles.running}>
            <Spinner label="Running the operation" /> Running…
          </p>
        )}
        {state.status === 'failed' && (
          <div className={styles.errors} role="alert">
            <p className={styles.errorTitle}>The request failed</p>
            <p className={styles.errorMessage}>{errorMessage(state.error)}</p>
          </div>
        )}
        {state.status === 'done' && (
          <>
            {state.response.errors && state.response.errors.length > 0 && (
              <ul className={styles.errors} role="alert" aria-label="Errors">
                {state.response.errors.map((error, i) => (
                  <li key={i}>
                    <p className={styles.errorMessage}>{error.message}</p>
                    <p className={styles.errorWhere}>
                      {[
                        error.locations?.length ? `line ${error.locations[0].line}, column ${error.locations[0].column}` : null,
                        error.path?.length ? `at ${error.path.join('.')}` : null,
                        typeof error.extensions?.code === 'string' ? `code ${error.extensions.code}` : null,
                        typeof error.extensions?.hint === 'string' ? `hint: ${error.extensions.hint}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {state.response.data !== undefined && (
              <pre className={styles.json} data-testid="graphiql-result-json" tabIndex={0} aria-label="Result data">
                {JSON.stringify({ data: state.response.data }, null, 2)}
              </pre>
            )}
          </>
        )}
      </div>
    </section>
  )
}
