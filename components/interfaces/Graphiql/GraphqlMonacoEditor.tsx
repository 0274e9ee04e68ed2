import type { OnMount } from '@monaco-editor/react'
import { useRef } from 'react'
import { MonacoCodeEditor, useEditorDisposables } from '@/components/ui/monaco/MonacoCodeEditor'
import { MonacoLoadError, useMonacoSource } from '@/components/ui/monaco/use-monaco-source'
import type { GraphqlCodeEditorProps } from './GraphqlCodeEditor.types'
import styles from './Graphiql.module.css'

/**
 * Monaco with GraphQL highlighting (one of Monaco's basic languages), from the same source as
 * the SQL editor (CDN on the hosted platform with a local fallback, local when self-hosted).
 */
export function GraphqlMonacoEditor({ value, onChange, onRun, handleRef, ariaLabel }: GraphqlCodeEditorProps) {
  const { source, markMounted, failed } = useMonacoSource()
  const disposables = useEditorDisposables(handleRef)
  const latest = useRef({ onRun })
  latest.current = { onRun }

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
      {/* Long argument lists wrap rather than scroll the short lines out of sight. */}
      <MonacoCodeEditor {...{ source, value, onChange, ariaLabel }} language="graphql" onMount={handleMount} options={{ wordWrap: 'on' }} />
    </div>
  )
}
