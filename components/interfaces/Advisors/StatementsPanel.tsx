import { useDeferredValue, useId, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { CopyButton } from '@/components/ui/CopyButton'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { ConfirmButtons } from '@/components/ui/ConfirmModal'
import { Modal } from '@/components/ui/Modal'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { SqlRunError } from '@/components/ui/SqlPreview'
import { usePerformanceSqlMutation } from '@/data/advisors/performance-sql-mutation'
import type { ProjectSqlVariables } from '@/data/sql/execute-sql'
import { useStatementsQuery } from '@/data/advisors/statements-query'
import { ENABLE_STATEMENTS_SQL, resetStatementsSql, STATEMENT_SORTS, type StatementSort } from '@/lib/advisors/query-performance'
import { formatCount, formatDuration } from './Advisors.utils'
import { useProjectAccess } from '@/hooks/use-project-access'
import styles from './Advisors.module.css'

const PRELOAD_LINE = "shared_preload_libraries = 'pg_stat_statements'"

/** Top statements from pg_stat_statements, or why there are none and how to get them. */
export function StatementsPanel(vars: ProjectSqlVariables & { enabled: boolean }) {
  const [sort, setSort] = useState<StatementSort>('total')
  const [search, setSearch] = useState('')
  const deferredSearch = useDeferredValue(search)
  const statements = useStatementsQuery({ ...vars, sort, search: deferredSearch })
  const { atLeast } = useProjectAccess(vars.projectRef)
  const canRunSql = atLeast('Developer')
  const [confirmReset, setConfirmReset] = useState(false)
  const enable = usePerformanceSqlMutation({ action: 'enable pg_stat_statements', onError: () => undefined })
  const reset = usePerformanceSqlMutation({ action: 'reset the statistics', onError: () => undefined, onSuccess: () => setConfirmReset(false) })
  const ids = useId()

  return (
    <section className={styles.section} aria-labelledby="statements">
      <h2 id="statements">Statements</h2>
      {statements.isPending ? (
        <SkeletonLines lines={3} label="Loading the statement statistics" />
      ) : statements.isError ? (
        <ErrorState title="Failed to load the statement statistics" error={statements.error} onRetry={() => void statements.refetch()} />
      ) : statements.data.state === 'not_installed' && !statements.data.available ? (
        <Admonition role="note" title="Statement statistics are not available on this database">
          The database server does not ship the pg_stat_statements extension, which records how often and how long each statement
          runs. The rest of this page works from statistics Postgres keeps by itself.
        </Admonition>
      ) : statements.data.state === 'not_installed' ? (
        <Admonition
          role="note"
          title="pg_stat_statements is not enabled"
          actions={
            canRunSql && (
              <button type="button" className="btn btn-sm btn-primary" disabled={enable.isPending} onClick={() => enable.mutate({ ...vars, sql: ENABLE_STATEMENTS_SQL })}>
                {enable.isPending ? 'Enabling…' : 'Enable pg_stat_statements'}
              </button>
            )
          }
        >
          <p style={{ margin: '0 0 0.4rem' }}>
            The server has the extension: enabling it records how often and how long each statement runs. It runs this SQL:
          </p>
          <pre className={styles.pre}>{ENABLE_STATEMENTS_SQL};</pre>
          {/* Not .muted: its colour lacks contrast on the admonition's background. */}
          <p style={{ margin: '0.4rem 0 0' }}>
            {statements.data.embedded
              ? 'The embedded database (PGlite) loads the library when the extension is created: statements are recorded from then on, no restart needed.'
              : `The server must also load its library at start (${PRELOAD_LINE} in postgresql.conf, then a restart). Creating the extension may need a superuser.`}{' '}
            {!canRunSql && 'Developers and above can enable it.'}
          </p>
          {enable.isError && <SqlRunError error={enable.error} title="pg_stat_statements was not enabled" />}
        </Admonition>
      ) : statements.data.state === 'not_loaded' ? (
        <Admonition type="warning" role="note" title="pg_stat_statements is installed but not loaded">
          <p style={{ margin: '0 0 0.4rem' }}>
            The server did not load the extension&apos;s library when it started, so it records nothing. Add this line to
            postgresql.conf (or append pg_stat_statements to the libraries already listed there) and restart the server:
          </p>
          <pre className={styles.pre}>{PRELOAD_LINE}</pre>
          {/* Not .muted: its colour lacks contrast on the admonition's background. */}
          <p style={{ margin: '0.4rem 0 0' }}>
            Postgres said: {statements.data.message}
          </p>
        </Admonition>
      ) : (
        <>
          <div className={styles.filters}>
            <label htmlFor={`${ids}-sort`} className="muted">
              Order by
            </label>
            <select id={`${ids}-sort`} className="select" value={sort} onChange={(e) => setSort(e.target.value as StatementSort)}>
              {Object.entries(STATEMENT_SORTS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <input
              type="search"
              className={`input ${styles.search}`}
              aria-label="Search statements"
              placeholder="Search statements"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {canRunSql && (
              <button type="button" className="btn btn-sm" onClick={() => setConfirmReset(true)}>
                Reset statistics
              </button>
            )}
          </div>
          {statements.data.statements.length === 0 ? (
            <EmptyState
              title={deferredSearch.trim() ? 'No statements match' : 'No statements recorded yet'}
              description={deferredSearch.trim() ? `Nothing recorded contains “${deferredSearch.trim()}”.` : 'Statements appear here once they run.'}
            />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} aria-label="Top statements">
                <thead>
                  <tr>
                    <th scope="col">Statement</th>
                    <th scope="col">Role</th>
                    <th scope="col" className={styles.num}>Calls</th>
                    <th scope="col" className={styles.num}>Total time</th>
                    <th scope="col" className={styles.num}>Mean time</th>
                    <th scope="col" className={styles.num}>Rows</th>
                  </tr>
                </thead>
                <tbody>
                  {statements.data.statements.map((s, i) => (
                    <tr key={`${s.queryid ?? i}-${s.role}`}>
                      <td>
                        <code className={styles.queryText}>{s.query}</code>
                        <CopyButton text={s.query} label="Copy" aria-label="Copy statement" className="btn btn-sm btn-ghost" />
                      </td>
                      <td>{s.role ?? '–'}</td>
                      <td className={styles.num}>{formatCount(s.calls)}</td>
                      <td className={styles.num}>{formatDuration(Number(s.total_ms))}</td>
                      <td className={styles.num}>{formatDuration(Number(s.mean_ms))}</td>
                      <td className={styles.num}>{formatCount(s.rows)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Modal
            open={confirmReset}
            onOpenChange={(open) => {
              setConfirmReset(open)
              if (!open) reset.reset()
            }}
            title="Reset the statement statistics?"
            description="Every statement's counts and times are forgotten; recording starts again from zero."
            footer={
              <ConfirmButtons onCancel={() => setConfirmReset(false)} confirmDisabled={reset.isPending} onConfirm={() => statements.data.state === 'ready' && reset.mutate({ ...vars, sql: resetStatementsSql(statements.data.schema) })}>
                {reset.isPending ? 'Resetting…' : 'Reset statistics'}
              </ConfirmButtons>
            }
          >
            {reset.isError ? <SqlRunError error={reset.error} title="The statistics were not reset" /> : <p style={{ margin: 0 }}>This cannot be undone.</p>}
          </Modal>
        </>
      )}
    </section>
  )
}
