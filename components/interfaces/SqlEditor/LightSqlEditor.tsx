import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import type { CodeEditorHandle, CodeEditorProps } from './CodeEditor.types'
import { appendSql } from './sql-assistant'
import styles from './SqlEditor.module.css'

type Props = Pick<CodeEditorProps, 'value' | 'onChange' | 'onRun' | 'onSelectionChange' | 'handleRef' | 'ariaLabel'> & {
  /** The user reached for the editor (pointer over it, focus, a key): load the full one now. */
  onIntent: () => void
  textareaRef: RefObject<HTMLTextAreaElement | null>
}

/**
 * A plain text area standing in for Monaco while Monaco loads (its evaluation blocks the main
 * thread for a few hundred ms, so it waits until the page is idle or the user reaches for the
 * editor): the user can type, select, run (Ctrl/Cmd+Enter) and insert SQL at once; Monaco takes
 * over the same text when it is ready.
 */
export function LightSqlEditor({ value, onChange, onRun, onSelectionChange, handleRef, ariaLabel, onIntent, textareaRef }: Props) {
  const latest = useRef({ value, onChange })
  latest.current = { value, onChange }

  useEffect(() => {
    if (!handleRef) return
    const area = () => textareaRef.current
    const handle: CodeEditorHandle = {
      getRunTarget() {
        const el = area()
        const text = latest.current.value
        if (el && el.selectionStart !== el.selectionEnd) {
          return { sql: text.slice(el.selectionStart, el.selectionEnd), offset: el.selectionStart, isSelection: true }
        }
        return { sql: text, offset: 0, isSelection: false }
      },
      focus: () => area()?.focus(),
      revealIndex(index) {
        const el = area()
        if (!el) return
        el.focus()
        el.setSelectionRange(index, index)
      },
      insertText(text) {
        const el = area()
        const current = latest.current.value
        if (el && el.selectionStart !== el.selectionEnd) {
          const end = el.selectionStart + text.length
          latest.current.onChange(current.slice(0, el.selectionStart) + text + current.slice(el.selectionEnd))
          requestAnimationFrame(() => el.setSelectionRange(end, end))
        } else latest.current.onChange(appendSql(current, text))
        el?.focus()
      },
    }
    handleRef.current = handle
    return () => {
      // Monaco may have put its own handle there already: leave that one.
      if (handleRef.current === handle) handleRef.current = null
    }
  }, [handleRef, textareaRef])

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onIntent()
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      onRun()
    }
  }
  const onSelect = () => {
    const el = textareaRef.current
    if (el) onSelectionChange?.(el.selectionStart !== el.selectionEnd)
  }

  return (
    <textarea
      ref={textareaRef}
      className={styles.lightEditor}
      aria-label={ariaLabel}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      onSelect={onSelect}
      onPointerOver={onIntent}
      onFocus={onIntent}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      wrap="off"
      data-light-editor=""
    />
  )
}
