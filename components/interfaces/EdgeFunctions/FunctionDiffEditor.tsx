import { DiffEditor } from '@monaco-editor/react'
import { EditorLoading } from '@/components/ui/EditorLoading'
import { MonacoLoadError, useMonacoSource } from '@/components/ui/monaco/use-monaco-source'
import { useEditorTheme } from '@/hooks/use-editor-theme'
import { languageOfFile, quietTypeScriptChecks } from './monaco-setup'
import styles from './FunctionCode.module.css'

type Props = { fileName: string; original: string; modified: string; originalLabel: string; modifiedLabel: string }

/** A read-only side-by-side diff of one file between two versions (Monaco's diff editor). */
export function FunctionDiffEditor({ fileName, original, modified, originalLabel, modifiedLabel }: Props) {
  const { source, markMounted, failed } = useMonacoSource()
  const theme = useEditorTheme()
  if (failed) return <MonacoLoadError source={source} />
  return (
    <div className={styles.diffFrame}>
      <div className={styles.diffLabels} aria-hidden="true">
        <span>{originalLabel}</span>
        <span>{modifiedLabel}</span>
      </div>
      <div className={styles.editorHost} data-monaco-origin={source?.origin} role="region" aria-label={`Changes to ${fileName}: ${originalLabel} against ${modifiedLabel}`}>
        {source ? (
          <DiffEditor
            language={languageOfFile(fileName)}
            theme={theme}
            original={original}
            modified={modified}
            loading={<EditorLoading />}
            onMount={(_editor, monaco) => {
              markMounted()
              quietTypeScriptChecks(monaco)
            }}
            options={{ readOnly: true, originalEditable: false, automaticLayout: true, fontSize: 13, minimap: { enabled: false }, scrollBeyondLastLine: false, renderSideBySide: true }}
          />
        ) : (
          <EditorLoading />
        )}
      </div>
    </div>
  )
}
