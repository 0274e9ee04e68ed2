import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react'
import { afterPageSettles } from '@/components/ui/monaco/after-page-settles'
import { MONACO_IDLE_LOAD_MS } from '@/components/ui/monaco/monaco.constants'
import type { CodeEditorHandle, CodeEditorProps } from './CodeEditor.types'
import { LightSqlEditor } from './LightSqlEditor'
import type { MonacoEditorProps } from './MonacoEditor'
import styles from './SqlEditor.module.css'

export type { RunTarget, EditorErrorMark, CodeEditorHandle, CodeEditorProps } from './CodeEditor.types'

/** Monaco's part, once this page load asked for it: later editors mount it straight away. */
let monacoEditor: Promise<ComponentType<MonacoEditorProps>> | null = null
const loadMonacoEditor = () => (monacoEditor ??= import('./MonacoEditor').then((m) => m.MonacoEditor))

/**
 * The SQL code editor. A plain text area is there at once (the user types, selects, runs with
 * Ctrl/Cmd+Enter); Monaco, whose evaluation blocks the main thread for a few hundred ms, loads
 * when the user reaches for the editor or once the page has settled (MONACO_IDLE_LOAD_MS after
 * load, when idle), then takes over the same text and cursor. Monaco and its React binding stay
 * out of the page's first-load JavaScript and never render on the server.
 */
export function CodeEditor(props: CodeEditorProps) {
  const [wanted, setWanted] = useState(monacoEditor !== null)
  const [Monaco, setMonaco] = useState<ComponentType<MonacoEditorProps> | null>(null)
  const [monacoShown, setMonacoShown] = useState(false)
  const textareaRef = useRef<HTMLTextAreaElement | null>(null)
  const want = useCallback(() => setWanted(true), [])

  useEffect(() => (wanted ? undefined : afterPageSettles(want, MONACO_IDLE_LOAD_MS)), [wanted, want])
  useEffect(() => {
    if (!wanted) return
    let alive = true
    loadMonacoEditor().then(
      (component) => alive && setMonaco(() => component),
      // The chunk did not arrive: the plain editor stays, and the next editor tries again.
      () => (monacoEditor = null)
    )
    return () => {
      alive = false
    }
  }, [wanted])

  const onReady = useCallback((handle: CodeEditorHandle) => {
    const area = textareaRef.current
    if (area && document.activeElement === area) handle.revealIndex(area.selectionStart)
    setMonacoShown(true)
  }, [])
  const onFailed = useCallback(() => setMonacoShown(true), [])

  return (
    <div className={styles.editorStack}>
      {Monaco && <Monaco {...props} onReady={onReady} onFailed={onFailed} />}
      {!monacoShown && <LightSqlEditor {...props} onIntent={want} textareaRef={textareaRef} />}
    </div>
  )
}
