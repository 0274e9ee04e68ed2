import type { Monaco, OnMount } from '@monaco-editor/react'
import type { editor as MonacoEditorApi } from 'monaco-editor'
import { useEffect, useRef, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { suggestCompletions, type CompletionKind } from '@/lib/sql/completion'
import type { CodeEditorHandle, CodeEditorProps } from './CodeEditor.types'
import { appendSql } from './sql-assistant'
import { CDN_FALLBACK_NOTICE } from './SqlEditor.constants'
import styles from './SqlEditor.module.css'
import { MonacoLoadError, useMonacoSource } from '@/components/ui/monaco/use-monaco-source'
import { editorBoxClass } from '@/components/ui/EditorLoading'
import { MonacoCodeEditor, useEditorDisposables } from '@/components/ui/monaco/MonacoCodeEditor'

/** Marker owner of run errors, so clearing them leaves other markers alone. */
const MARKER_OWNER = 'sql-run'

export type MonacoEditorProps = CodeEditorProps & {
  /** Monaco is shown and editable, with this handle (CodeEditor then removes the plain editor). */
  onReady?: (handle: CodeEditorHandle) => void
  /** Monaco did not mount in time: its error state is what should show. */
  onFailed?: () => void
}

/**
 * The Monaco editor itself, loaded lazily by CodeEditor (never part of the page's first JS) once
 * the page settled or the user reached for the editor.
 * It picks where Monaco comes from before mounting, highlights Postgres ('pgsql'), completes the
 * project's names, runs on Ctrl/Cmd+Enter and marks the position of a failed run.
 */
export function MonacoEditor({ value, onChange, onRun, onSelectionChange, errorMark, catalogue, handleRef, ariaLabel, onReady, onFailed }: MonacoEditorProps) {
  const { source, mounted, markMounted, failed } = useMonacoSource()
  const [noticeDismissed, setNoticeDismissed] = useState(false)
  const editorRef = useRef<MonacoEditorApi.IStandaloneCodeEditor | null>(null)
  const monacoRef = useRef<Monaco | null>(null)
  const decorationsRef = useRef<MonacoEditorApi.IEditorDecorationsCollection | null>(null)
  const disposables = useEditorDisposables(handleRef)
  // Latest callbacks and data for Monaco's long-lived handlers.
  const latest = useRef({ value, onRun, onSelectionChange, catalogue })
  latest.current = { value, onRun, onSelectionChange, catalogue }

  useEffect(() => {
    if (failed) onFailed?.()
  }, [failed, onFailed])

  const handleMount: OnMount = (editor, monaco) => {
    editorRef.current = editor
    monacoRef.current = monaco
    decorationsRef.current = editor.createDecorationsCollection()
    markMounted()
    // Text typed in the plain editor while Monaco was being created.
    if (editor.getValue() !== latest.current.value) editor.setValue(latest.current.value)

    // Ctrl+Enter and Meta+Enter on every system: CtrlCmd is Cmd on macOS and Ctrl elsewhere,
    // WinCtrl is Ctrl on macOS and the Windows/Meta key elsewhere.
    disposables.current.push(
      editor.addAction({
        id: 'dashboard.run-query',
        label: 'Run query (selection or whole script)',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, monaco.KeyMod.WinCtrl | monaco.KeyCode.Enter],
        run: () => latest.current.onRun(),
      }),
      editor.onDidChangeCursorSelection(() => {
        const selection = editor.getSelection()
        latest.current.onSelectionChange?.(Boolean(selection && !selection.isEmpty()))
      }),
      monaco.languages.registerCompletionItemProvider('pgsql', {
        triggerCharacters: ['.', '"'],
        provideCompletionItems(model, position) {
          const catalogue = latest.current.catalogue
          if (!catalogue || model !== editor.getModel()) return { suggestions: [] }
          const before = model.getValueInRange({ startLineNumber: 1, startColumn: 1, endLineNumber: position.lineNumber, endColumn: position.column })
          const word = model.getWordUntilPosition(position)
          const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn }
          const kinds: Record<CompletionKind, number> = {
            schema: monaco.languages.CompletionItemKind.Module,
            table: monaco.languages.CompletionItemKind.Class,
            view: monaco.languages.CompletionItemKind.Interface,
            column: monaco.languages.CompletionItemKind.Field,
          }
          return {
            suggestions: suggestCompletions(catalogue, before, model.getValue()).map((s) => ({
              label: s.label,
              kind: kinds[s.kind],
              detail: s.detail,
              insertText: s.insertText,
              filterText: s.label,
              range,
            })),
          }
        },
      })
    )

    const handle: CodeEditorHandle = {
      getRunTarget() {
        const model = editor.getModel()
        const selection = editor.getSelection()
        if (!model) return { sql: '', offset: 0, isSelection: false }
        if (selection && !selection.isEmpty()) {
          return { sql: model.getValueInRange(selection), offset: model.getOffsetAt(selection.getStartPosition()), isSelection: true }
        }
        return { sql: model.getValue(), offset: 0, isSelection: false }
      },
      focus: () => editor.focus(),
      revealIndex(index) {
        const model = editor.getModel()
        if (!model) return
        const position = model.getPositionAt(index)
        editor.setPosition(position)
        editor.revealPositionInCenterIfOutsideViewport(position)
        editor.focus()
      },
      insertText(text) {
        const model = editor.getModel()
        if (!model) return
        const selection = editor.getSelection()
        if (selection && !selection.isEmpty()) {
          editor.executeEdits('dashboard.insert', [{ range: selection, text, forceMoveMarkers: true }])
        } else {
          const end = model.getFullModelRange().getEndPosition()
          const current = model.getValue()
          const added = appendSql(current, text).slice(current.trim() === '' ? 0 : current.length)
          const range = current.trim() === '' ? model.getFullModelRange() : { startLineNumber: end.lineNumber, startColumn: end.column, endLineNumber: end.lineNumber, endColumn: end.column }
          editor.executeEdits('dashboard.insert', [{ range, text: added, forceMoveMarkers: true }])
        }
        editor.pushUndoStop()
        editor.revealPositionInCenterIfOutsideViewport(editor.getPosition() ?? model.getFullModelRange().getEndPosition())
        editor.focus()
      },
    }
    if (handleRef) handleRef.current = handle
    onReady?.(handle)
  }

  // The error position of the last run: a marker (squiggle + hover) and a decoration on the word.
  useEffect(() => {
    const editor = editorRef.current
    const monaco = monacoRef.current
    const model = editor?.getModel()
    if (!editor || !monaco || !model) return
    if (!errorMark) {
      monaco.editor.setModelMarkers(model, MARKER_OWNER, [])
      decorationsRef.current?.clear()
      return
    }
    const position = model.getPositionAt(Math.min(errorMark.index, model.getValueLength()))
    const word = model.getWordAtPosition(position)
    const lineEnd = model.getLineMaxColumn(position.lineNumber)
    const startColumn = word ? word.startColumn : position.column
    const endColumn = word ? word.endColumn : Math.min(position.column + 1, lineEnd)
    const range = {
      startLineNumber: position.lineNumber,
      endLineNumber: position.lineNumber,
      // At the very end of a line there is no character to underline: mark the one before.
      startColumn: startColumn === endColumn && startColumn > 1 ? startColumn - 1 : startColumn,
      endColumn: Math.max(endColumn, startColumn + 1),
    }
    monaco.editor.setModelMarkers(model, MARKER_OWNER, [{ ...range, severity: monaco.MarkerSeverity.Error, message: errorMark.message }])
    decorationsRef.current?.set([
      {
        range,
        options: {
          // Inline: the class wraps the characters themselves (the e2e test reads them back).
          inlineClassName: `${styles.errorPosition} sql-error-position`,
          glyphMarginClassName: `${styles.errorGlyph} sql-error-glyph`,
          glyphMarginHoverMessage: { value: errorMark.message },
          stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        },
      },
    ])
    editor.revealPositionInCenterIfOutsideViewport(position)
  }, [errorMark, mounted])

  if (failed) {
    return (
      <div className={editorBoxClass}>
        <MonacoLoadError source={source} />
      </div>
    )
  }

  return (
    <div className={styles.editorFrame} data-monaco-origin={source?.origin}>
      {source?.fellBack && !source.remembered && !noticeDismissed && (
        <Admonition
          type="warning"
          role="status"
          className={styles.editorNotice}
          actions={
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNoticeDismissed(true)} aria-label="Dismiss notice">
              <span aria-hidden="true">×</span>
            </button>
          }
        >
          {CDN_FALLBACK_NOTICE}
        </Admonition>
      )}
      <div className={styles.editorHost}>
        <MonacoCodeEditor {...{ source, value, onChange, ariaLabel }} language="pgsql" onMount={handleMount} options={{ glyphMargin: true }} />
      </div>
    </div>
  )
}
