import type { IntrospectionQuery } from 'graphql'
import { useEffect, useRef, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { useGraphqlRunMutation } from '@/data/graphql/graphql-run-mutation'
import { exampleOperation } from '@/lib/graphql/example-query'
import type { HistoryEntry } from '@/lib/graphql/history'
import { parseVariables } from '@/lib/graphql/variables'
import { DocsSidebar } from './DocsSidebar'
import { GraphqlCodeEditor, type GraphqlEditorHandle } from './GraphqlCodeEditor'
import styles from './Graphiql.module.css'
import { HistoryPanel } from './HistoryPanel'
import { clearHistory, loadHistory, recordRun } from './history-storage'
import { ResultPanel, type RunState } from './ResultPanel'

export type GraphiqlExplorerProps = {
  projectRef: string
  schema: IntrospectionQuery['__schema']
  /** The first table's collection, for the starting example. */
  firstCollection: string | undefined
  /** False for Read-only members: mutations are refused (a note says so). */
  canMutate: boolean
  onSchemaRefresh: () => void
  refreshing: boolean
}

/** The explorer: query editor, variables, Run and Prettify, result, docs and history. */
export function GraphiqlExplorer({ projectRef, schema, firstCollection, canMutate, onSchemaRefresh, refreshing }: GraphiqlExplorerProps) {
  const [query, setQuery] = useState(() => (firstCollection ? exampleOperation(schema, 'query', firstCollection) : '{\n  heartbeat\n}'))
  const [variables, setVariables] = useState('')
  const [variablesError, setVariablesError] = useState<string | null>(null)
  const [formatError, setFormatError] = useState<string | null>(null)
  const [run, setRun] = useState<RunState>({ status: 'idle' })
  const [panel, setPanel] = useState<'docs' | 'history' | null>('docs')
  const [history, setHistory] = useState<HistoryEntry[]>([])
  const editor = useRef<GraphqlEditorHandle | null>(null)
  const runner = useGraphqlRunMutation({ onError: () => undefined })

  useEffect(() => setHistory(loadHistory(projectRef)), [projectRef])

  const latest = useRef({ query, variables })
  latest.current = { query, variables }

  const execute = async () => {
    const { query: text, variables: variablesText } = latest.current
    if (runner.isPending) return
    if (!text.trim()) {
      setFormatError('Write a query first.')
      return
    }
    const parsed = parseVariables(variablesText)
    if (!parsed.ok) {
      setVariablesError(parsed.message)
      return
    }
    setVariablesError(null)
    setFormatError(null)
    setRun({ status: 'running' })
    const started = performance.now()
    try {
      const response = await runner.mutateAsync({ projectRef, query: text, variables: parsed.value })
      setRun({ status: 'done', response, ms: Math.round(performance.now() - started) })
      setHistory((current) => recordRun(projectRef, current, { query: text, variables: variablesText, ranAt: new Date().toISOString() }))
    } catch (error) {
      setRun({ status: 'failed', error })
    }
  }

  const prettify = async () => {
    try {
      const { parse, print } = await import('graphql')
      setQuery(print(parse(query)))
      setFormatError(null)
    } catch (error) {
      setFormatError(`Cannot prettify: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /** Replaces the whole query (an example, a history entry) and shows it from its start. */
  const replaceQuery = (text: string) => {
    setQuery(text)
    // After the editor received the new value.
    requestAnimationFrame(() => editor.current?.showStart())
  }

  const togglePanel = (which: 'docs' | 'history') => setPanel((p) => (p === which ? null : which))

  return (
    <div className={styles.explorer}>
      <div className={styles.toolbar} role="toolbar" aria-label="GraphQL explorer">
        <button type="button" className="btn btn-primary" onClick={() => void execute()} disabled={runner.isPending}>
          {runner.isPending ? 'Running…' : 'Run'}
          <kbd className={styles.kbd} aria-hidden="true">
            Ctrl ↵
          </kbd>
        </button>
        <button type="button" className="btn" onClick={() => void prettify()}>
          Prettify
        </button>
        <span className={styles.toolbarSpacer} />
        <button type="button" className="btn btn-ghost" onClick={onSchemaRefresh} disabled={refreshing}>
          {refreshing ? 'Refreshing…' : 'Refresh schema'}
        </button>
        <button type="button" className="btn" aria-pressed={panel === 'history'} onClick={() => togglePanel('history')}>
          History{history.length ? ` (${history.length})` : ''}
        </button>
        <button type="button" className="btn" aria-pressed={panel === 'docs'} onClick={() => togglePanel('docs')}>
          Docs
        </button>
      </div>
      {!canMutate && (
        <Admonition type="default" role="note" className={styles.note}>
          Your role is Read-only: queries run, mutations are refused.
        </Admonition>
      )}
      {formatError && (
        <Admonition type="warning" role="alert" className={styles.note}>
          {formatError}
        </Admonition>
      )}
      <div className={styles.workspace}>
        <div className={styles.editors}>
          <section className={styles.queryPane} aria-labelledby="graphiql-query-title">
            <div className={`bar ${styles.paneHeader}`}>
              <h2 id="graphiql-query-title" className={styles.paneTitle}>
                Query
              </h2>
            </div>
            <GraphqlCodeEditor value={query} onChange={setQuery} onRun={() => void execute()} handleRef={editor} ariaLabel="GraphQL query editor" />
          </section>
          <section className={styles.variablesPane}>
            <label htmlFor="graphiql-variables" className={styles.paneTitle}>
              Variables (JSON)
            </label>
            <textarea
              id="graphiql-variables"
              className={styles.variables}
              value={variables}
              spellCheck={false}
              placeholder={'{ "id": 1 }'}
              aria-invalid={variablesError ? true : undefined}
              aria-describedby={variablesError ? 'graphiql-variables-error' : undefined}
              onChange={(e) => {
                setVariables(e.target.value)
                if (variablesError) setVariablesError(null)
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault()
                  void execute()
                }
              }}
            />
            {variablesError && (
              <p id="graphiql-variables-error" className={styles.fieldError} role="alert">
                {variablesError}
              </p>
            )}
          </section>
        </div>
        <ResultPanel state={run} />
        {panel === 'docs' && (
          <DocsSidebar
            schema={schema}
            onInsert={(text) => (editor.current ? editor.current.insertAtCursor(text) : setQuery((q) => `${q}${text}`))}
            onExample={replaceQuery}
          />
        )}
        {panel === 'history' && (
          <HistoryPanel
            history={history}
            onPick={(entry) => {
              replaceQuery(entry.query)
              setVariables(entry.variables)
            }}
            onClear={() => {
              clearHistory(projectRef)
              setHistory([])
            }}
          />
        )}
      </div>
    </div>
  )
}
