import type { RefObject } from 'react'
import type { CompletionCatalogue } from '@/lib/sql/completion'

/** What Run executes: the selection when there is one, else the whole script. */
export type RunTarget = {
  sql: string
  /** Where `sql` starts in the editor's text (0-based UTF-16 offset). */
  offset: number
  isSelection: boolean
}

/** The error position to mark: an offset into the editor's text, and what to say there. */
export type EditorErrorMark = { index: number; message: string } | null

/** What the screen asks of the editor. */
export type CodeEditorHandle = {
  getRunTarget(): RunTarget
  focus(): void
  /** Moves the cursor to a 0-based offset and scrolls it into view. */
  revealIndex(index: number): void
  /** Puts `text` in place of the selection, or at the end of the text when nothing is selected (one undo step). */
  insertText(text: string): void
}

export type CodeEditorProps = {
  value: string
  onChange: (value: string) => void
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun: () => void
  onSelectionChange?: (hasSelection: boolean) => void
  errorMark: EditorErrorMark
  catalogue?: CompletionCatalogue
  handleRef?: RefObject<CodeEditorHandle | null>
  ariaLabel: string
}
