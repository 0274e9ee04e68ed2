import Editor, { type OnMount } from '@monaco-editor/react'
import type { editor as MonacoEditorApi, IDisposable } from 'monaco-editor'
import { useEffect, useRef, type RefObject } from 'react'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { useEditorTheme } from '@/hooks/use-editor-theme'
import type { MonacoSource } from './monaco-source'

type Props = {
  /** Where Monaco comes from (`useMonacoSource`); until it is chosen the editor shows its loading state. */
  source: MonacoSource | null
  language: string
  /** The model's path (one model per path, so each file keeps its own undo history). */
  path?: string
  value: string
  onChange: (value: string) => void
  onMount: OnMount
  ariaLabel?: string
  /** Options beyond the ones every editor of the dashboard shares. */
  options?: MonacoEditorApi.IStandaloneEditorConstructionOptions
}

/** A Monaco editor in the dashboard's theme with the options the SQL and GraphQL editors share. */
export function MonacoCodeEditor({ source, language, path, value, onChange, onMount, ariaLabel, options }: Props) {
  const theme = useEditorTheme()
  if (!source) return <EditorLoading />
  return (
    <Editor
      language={language}
      path={path}
      theme={theme}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      onMount={onMount}
      loading={<EditorLoading />}
      options={{
        ariaLabel,
        automaticLayout: true,
        fixedOverflowWidgets: true,
        fontSize: 13,
        minimap: { enabled: false },
        scrollBeyondLastLine: false,
        tabSize: 2,
        ...options,
      }}
    />
  )
}

/**
 * The listeners and actions an editor registers on mount, disposed when it unmounts, when the
 * handle it exposes is cleared too.
 */
export function useEditorDisposables(handleRef?: RefObject<unknown>) {
  const disposables = useRef<IDisposable[]>([])
  useEffect(
    () => () => {
      disposables.current.forEach((d) => d.dispose())
      disposables.current = []
      if (handleRef) (handleRef as { current: unknown }).current = null
    },
    [handleRef]
  )
  return disposables
}
