import type { RefObject } from 'react'

/** What the explorer asks of its query editor. */
export type GraphqlEditorHandle = {
  /** Inserts text at the cursor (replacing a selection) and focuses the editor. */
  insertAtCursor(text: string): void
  focus(): void
  /** Scrolls to the top and puts the cursor there (after the whole text was replaced). */
  showStart(): void
}

export type GraphqlCodeEditorProps = {
  value: string
  onChange: (value: string) => void
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun: () => void
  handleRef?: RefObject<GraphqlEditorHandle | null>
  ariaLabel: string
}
