import Editor, { type OnMount } from '@monaco-editor/react'
import type { IDisposable } from 'monaco-editor'
import { useEffect, useRef, useState } from 'react'
import { EditorLoading } from '@/components/interfaces/SqlEditor/EditorLoading'
import { reloadWithLocalEditor, resolveMonacoSource, type MonacoSource } from '@/components/interfaces/SqlEditor/monaco-source'
import { MONACO_MOUNT_TIMEOUT_MS } from '@/components/interfaces/SqlEditor/SqlEditor.constants'
import { useEditorTheme } from '@/components/interfaces/SqlEditor/useEditorTheme'
import { ErrorState } from '@/components/ui/ErrorState'
import type { GraphqlCodeEditorProps } from './GraphqlCodeEditor'
import styles from './Graphiql.module.css'

/**
 * Monaco with GraphQL highlighting (one of Monaco's basic languages), from the same source as
 * the SQL editor (CDN on the hosted platform with a local fallback, local when self-hosted).
 */
export function GraphqlMonacoEditor({ value, onChange, onRun, handleRef, ariaLabel }: GraphqlCodeEditorProps) {
  const [source, setSource] = useState<MonacoSource | null>(null)
  const [mounted, setMounted] = useState(false)
  const [timedOut, setTimedOut] = useState(false)
  const theme = useEditorTheme()
  const disposables = useRef<IDisposable[]>([])
  const latest = useRef({ onRun })
  latest.current = { onRun }

  useEffect(() => {
    let alive = true
    void resolveMonacoSource().then((chosen) => alive && setSource(chosen))
    return () => {
      alive = false
    }
  }, [])

  useEffect(() => {
    if (!source || mounted) return
    const timer = setTimeout(() => setTimedOut(true), MONACO_MOUNT_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [source, mounted])

  useEffect(
    () => () => {
      disposables.current.forEach((d) => d.dispose())
      disposables.current = []
      if (handleRef) handleRef.current = null
    },
    [handleRef]
  )

  const handleMount: OnMount = (editor, monaco) => {
    setMounted(true)
    disposables.current.push(
      editor.addAction({
        id: 'dashboard.run-graphql',
        label: 'Run the GraphQL operation',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, monaco.KeyMod.WinCtrl | monaco.KeyCode.Enter],
        run: () => latest.current.onRun(),
      })
    )
    if (handleRef) {
      handleRef.current = {
        insertAtCursor(text) {
          const selection = editor.getSelection()
          if (selection) editor.executeEdits('docs', [{ range: selection, text, forceMoveMarkers: true }])
          editor.focus()
        },
        focus: () => editor.focus(),
        showStart() {
          editor.setPosition({ lineNumber: 1, column: 1 })
          editor.setScrollPosition({ scrollTop: 0, scrollLeft: 0 })
          editor.focus()
        },
      }
    }
  }

  if (timedOut && !mounted) {
    return (
      <ErrorState
        title="The code editor could not load"
        error={source?.origin === 'cdn' ? 'The CDN did not deliver the editor in time. Load it from this server instead.' : 'The editor files did not arrive from this server. Check the network and reload.'}
        onRetry={() => (source?.origin === 'cdn' ? reloadWithLocalEditor() : window.location.reload())}
      />
    )
  }

  return (
    <div className={styles.editorHost} data-monaco-origin={source?.origin}>
      {source ? (
        <Editor
          language="graphql"
          theme={theme}
          value={value}
          onChange={(next) => onChange(next ?? '')}
          onMount={handleMount}
          loading={<EditorLoading />}
          options={{
            ariaLabel,
            automaticLayout: true,
            fixedOverflowWidgets: true,
            fontSize: 13,
            minimap: { enabled: false },
            scrollBeyondLastLine: false,
            tabSize: 2,
            // Long argument lists wrap rather than scroll the short lines out of sight.
            wordWrap: 'on',
          }}
        />
      ) : (
        <EditorLoading />
      )}
    </div>
  )
}
