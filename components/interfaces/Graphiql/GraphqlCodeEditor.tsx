import dynamic from 'next/dynamic'
import { EditorLoading } from '@/components/ui/EditorLoading'

export type { GraphqlEditorHandle, GraphqlCodeEditorProps } from './GraphqlCodeEditor.types'
import type { GraphqlCodeEditorProps } from './GraphqlCodeEditor.types'

/**
 * The GraphQL query editor, loaded on demand: Monaco and its React binding stay out of the
 * page's first-load JavaScript and never render on the server.
 */
export const GraphqlCodeEditor = dynamic<GraphqlCodeEditorProps>(() => import('./GraphqlMonacoEditor').then((m) => m.GraphqlMonacoEditor), {
  ssr: false,
  loading: () => <EditorLoading />,
})
