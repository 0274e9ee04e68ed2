import dynamic from 'next/dynamic'
import { EditorLoading } from '@/components/ui/EditorLoading'

export type { RunTarget, EditorErrorMark, CodeEditorHandle, CodeEditorProps } from './CodeEditor.types'
import type { CodeEditorProps } from './CodeEditor.types'

/**
 * The SQL code editor, loaded on demand: Monaco and its React binding stay out of the page's
 * first-load JavaScript and never render on the server.
 */
export const CodeEditor = dynamic<CodeEditorProps>(() => import('./MonacoEditor').then((m) => m.MonacoEditor), {
  ssr: false,
  loading: () => <EditorLoading />,
})
