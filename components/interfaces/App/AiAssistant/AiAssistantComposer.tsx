import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import styles from './AiAssistantPanel.module.css'

type AiAssistantComposerProps = {
  /** Text other screens put in the composer (e.g. a picked suggestion). */
  initialInput: string
  /** Returns whether the message was saved; the field is emptied only then. */
  onSend: (content: string) => boolean
  /** The field takes focus on mount and whenever this changes. */
  focusKey?: number
  /** An answer is streaming: Stop replaces Send (the draft can still be written). */
  streaming?: boolean
  onStop?: () => void
}

/** The message field and its Send button. Enter sends, Shift+Enter starts a new line. */
export function AiAssistantComposer({ initialInput, onSend, focusKey, streaming = false, onStop }: AiAssistantComposerProps) {
  const [value, setValue] = useState(initialInput)
  const [shownInput, setShownInput] = useState(initialInput)
  const fieldId = useId()
  const hintId = useId()
  const field = useRef<HTMLTextAreaElement>(null)

  // A new initial input from outside replaces the draft (React's "adjust state on prop change").
  if (shownInput !== initialInput) {
    setShownInput(initialInput)
    setValue(initialInput)
  }

  // The panel was opened, or a chat started, to write in it.
  useEffect(() => {
    field.current?.focus()
  }, [focusKey])

  const send = () => {
    if (!value.trim() || streaming) return
    if (onSend(value)) setValue('')
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing: Enter there confirms a character.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  return (
    <form className={styles.composer} onSubmit={onSubmit}>
      <label htmlFor={fieldId} className="visually-hidden">
        Message
      </label>
      <textarea
        id={fieldId}
        ref={field}
        className={`textarea ${styles.composerField}`}
        placeholder="Ask the assistant about this project…"
        rows={3}
        value={value}
        aria-describedby={hintId}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.composerFooter}>
        <span id={hintId} className="field-hint">
          Enter to send, Shift+Enter for a new line
        </span>
        {streaming ? (
          <button type="button" className="btn btn-sm" onClick={onStop}>
            Stop
          </button>
        ) : (
          <button type="submit" className="btn btn-primary btn-sm" disabled={!value.trim()}>
            Send
          </button>
        )}
      </div>
    </form>
  )
}
