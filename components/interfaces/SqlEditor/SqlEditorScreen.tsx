import Link from 'next/link'
import { useRouter } from 'next/router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useCompletionCatalogueQuery } from '@/data/sql/completion-catalogue-query'
import { isPlatform } from '@/lib/config'
import { findDestructiveStatements, type DestructiveStatement } from '@/lib/sql/statements'
import { DEFAULT_SNIPPET_NAME } from '@/lib/sql/limits'
import { askAssistant } from '@/state/ai-assistant-requests'
import { lastVisitedStore, NEW_SNIPPET_ID } from '@/state/last-visited'
import { CodeEditor, type CodeEditorHandle, type EditorErrorMark, type RunTarget } from './CodeEditor'
import { DestructiveQueryModal } from './DestructiveQueryModal'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { GenerateSql } from './GenerateSql'
import { ResultsPanel } from './ResultsPanel'
import { SnippetHeader } from './SnippetHeader'
import { SnippetSidebar } from './SnippetSidebar'
import { appendSql } from './sql-assistant'
import styles from './SqlEditor.module.css'
import resultStyles from './SqlResults.module.css'
import { useContentParam } from './useContentParam'
import { useSnippetActions } from './useSnippetActions'
import { useSnippetDocument } from './useSnippetDocument'
import { useSqlRunner } from './useSqlRunner'

/** Statuses in which the project's database answers queries (the platform refuses the others). */
const SERVING_STATUSES = new Set(['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'])

export type SqlEditorScreenProps = {
  projectRef: string
  /** A snippet id, or `new` (spec §2: /project/{ref}/sql/{id}). */
  snippetId: string
}

/**
 * The SQL editor (issue 5): snippets on the left, the open snippet's SQL above its results.
 * Runs the selection or the whole script, asks before destructive statements, marks errors.
 */
export function SqlEditorScreen({ projectRef, snippetId }: SqlEditorScreenProps) {
  const router = useRouter()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const connectionString = project?.connectionString
  // spec §5: the hosted platform refuses queries without the connection string.
  const databaseReady = Boolean(project && SERVING_STATUSES.has(project.status) && (!isPlatform() || connectionString))

  const doc = useSnippetDocument({
    projectRef,
    snippetId,
    onCreated: (id) => void router.replace(`/project/${projectRef}/sql/${id}`, undefined, { shallow: true, scroll: false }),
  })
  useContentParam({ projectRef, snippetId, doc })
  // A named snippet names the migration its schema changes are recorded as.
  const snippetName = doc.snippet?.name.trim()
  const runner = useSqlRunner({ projectRef, connectionString, migrationName: snippetName && snippetName !== DEFAULT_SNIPPET_NAME ? snippetName.slice(0, 100) : undefined })
  const { data: catalogue } = useCompletionCatalogueQuery({ projectRef, connectionString, enabled: databaseReady })
  const editor = useRef<CodeEditorHandle | null>(null)
  const [hasSelection, setHasSelection] = useState(false)
  const [confirming, setConfirming] = useState<{ target: RunTarget; statements: DestructiveStatement[] } | null>(null)
  const [sidebarOpen, setSidebarOpen] = useState(false)
  const actions = useSnippetActions({
    projectRef,
    onDeleted: (id) => {
      if (id === doc.id) void router.push(`/project/${projectRef}/sql/${NEW_SNIPPET_ID}`)
    },
  })

  // spec §4: opening a non-new SQL page records its id (a new query once it is saved).
  useEffect(() => {
    if (doc.id && doc.status === 'ready') lastVisitedStore.getState().setLastVisitedSnippet(projectRef, doc.id)
  }, [doc.id, doc.status, projectRef])
  useEffect(() => {
    if (doc.status === 'not-found') lastVisitedStore.getState().clearLastVisitedSnippet(projectRef, snippetId)
  }, [doc.status, projectRef, snippetId])

  // Another snippet's results do not belong here; a new query that just got its id keeps them.
  const { reset } = runner
  useEffect(() => {
    if (doc.openCount > 0) reset()
  }, [doc.openCount, reset])

  // The editor's text when the shown run started: an error's position holds only for that text.
  const [ranDocument, setRanDocument] = useState<string | null>(null)
  const start = (target: RunTarget) => {
    setRanDocument(doc.sql)
    void runner.run(target)
  }

  const runTarget = (target: RunTarget) => {
    if (target.sql.trim() === '') {
      toast.info(target.isSelection ? 'The selection holds no SQL to run.' : 'Write a query to run first.')
      return
    }
    const destructive = findDestructiveStatements(target.sql)
    if (destructive.length > 0) setConfirming({ target, statements: destructive })
    else start(target)
  }

  const running = runner.state.status === 'running'
  const run = () => {
    if (!databaseReady || running || doc.status !== 'ready') return
    runTarget(editor.current?.getRunTarget() ?? { sql: doc.sql, offset: 0, isSelection: false })
  }

  const errorIndex = runner.state.status === 'error' && doc.sql === ranDocument ? runner.state.errorIndex : null
  const errorMessage = runner.state.status === 'error' ? runner.state.message : ''
  // Memoised so the editor redraws the marker only when it moves; editing the text removes it.
  const errorMark: EditorErrorMark = useMemo(() => (errorIndex === null ? null : { index: errorIndex, message: errorMessage }), [errorIndex, errorMessage])

  let workspace
  if (doc.status === 'not-found') {
    workspace = (
      <div className={resultStyles.resultsMessage}>
        <EmptyState
          title="Snippet not found"
          description="It may have been deleted, or it belongs to another user."
          action={
            <Link className="btn btn-primary" href={`/project/${projectRef}/sql/${NEW_SNIPPET_ID}`}>
              New query
            </Link>
          }
        />
      </div>
    )
  } else if (doc.status === 'error') {
    workspace = (
      <div className={resultStyles.resultsMessage}>
        <ErrorState title="Failed to load the snippet" error={doc.loadError} onRetry={doc.retryLoad} />
      </div>
    )
  } else {
    workspace = (
      <>
        {project && !databaseReady && (
          <Admonition type="warning" role="status" className={styles.notice} title="The database is not ready">
            The project is {project.status.replace(/_/g, ' ').toLowerCase()}. Queries run once it is healthy; you can write them meanwhile.
          </Admonition>
        )}
        <div className={styles.editorPane}>
          {doc.status === 'ready' ? (
            <CodeEditor
              value={doc.sql}
              onChange={doc.setSql}
              onRun={run}
              onSelectionChange={setHasSelection}
              errorMark={errorMark}
              catalogue={catalogue}
              handleRef={editor}
              ariaLabel="SQL query"
            />
          ) : (
            <EditorLoading />
          )}
        </div>
        <section className={styles.resultsPane} aria-label="Results">
          <ResultsPanel
            state={runner.state}
            errorIndex={errorIndex}
            documentText={doc.sql}
            fileName={doc.snippet?.name ?? 'query'}
            onCancel={runner.cancel}
            onShowInEditor={(index) => editor.current?.revealIndex(index)}
            onAskAssistant={(prompt) => askAssistant(projectRef, prompt)}
          />
        </section>
      </>
    )
  }

  return (
    <div className={styles.screen}>
      {/* A div, not <aside>: a complementary landmark may not sit inside the page's <main>. */}
      <div id="sql-snippets" className={styles.sidebar} data-open={sidebarOpen || undefined}>
        <SnippetSidebar projectRef={projectRef} activeId={doc.id} actions={actions} onNavigate={() => setSidebarOpen(false)} />
      </div>
      <section className={styles.workspace} aria-label="SQL editor">
        <SnippetHeader
          snippet={doc.snippet}
          saveState={doc.saveState}
          saveError={doc.saveError}
          onRetrySave={doc.saveNow}
          actions={actions}
          running={running}
          canRun={databaseReady && doc.status === 'ready'}
          hasSelection={hasSelection}
          onRun={run}
          onCancel={runner.cancel}
          sidebarOpen={sidebarOpen}
          onToggleSidebar={() => setSidebarOpen((open) => !open)}
          tools={
            <GenerateSql
              projectRef={projectRef}
              enabled={doc.status === 'ready'}
              onInsert={(sql) => (editor.current ? editor.current.insertText(sql) : doc.setSql(appendSql(doc.sql, sql)))}
            />
          }
        />
        {workspace}
      </section>
      {actions.dialogs}
      <DestructiveQueryModal
        open={confirming !== null}
        statements={confirming?.statements ?? []}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const target = confirming?.target
          setConfirming(null)
          if (target) start(target)
        }}
      />
    </div>
  )
}
