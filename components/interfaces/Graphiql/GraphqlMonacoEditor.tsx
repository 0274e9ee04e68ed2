import Editor, { type OnMount } from '@monaco-editor/react'
import type { IDisposable } from 'monaco-editor'
import { useEffect, useRef } from 'react'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { MonacoLoadError, useMonacoSource } from '@/components/ui/monaco/use-monaco-source'
import { useEditorTheme } from '@/hooks/use-editor-theme'
import type { GraphqlCodeEditorProps } from './GraphqlCodeEditor.types'
import styles from './Graphiql.module.css'

/**
 * Monaco with GraphQL highlighting (one of Monaco's basic languages), from the same source as
 * the SQL editor (CDN on the hosted platform with a local fallback, local when self-hosted).
 */
export function GraphqlMonacoEditor({ value, onChange, onRun, handleRef, ariaLabel }: GraphqlCodeEditorProps) {
  const { source, markMounted, failed } = useMonacoSource()
  const theme = useEditorTheme()
  const disposables = useRef<IDisposable[]>([])
  const latest = useRef({ onRun })
  latest.current = { onRun }

  useEffect(
    () => () => {
      disposables.current.forEach((d) => d.dispose())
      disposables.current = []
      if (handleRef) handleRef.current = null
    },
    [handleRef]
  )

  const handleMount: OnMount = (editor, monaco) => {
    markMounted()
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

  if (failed) return <MonacoLoadError source={source} />

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
