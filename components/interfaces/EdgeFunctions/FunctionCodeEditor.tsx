import type { OnMount } from '@monaco-editor/react'
import { MonacoCodeEditor } from '@/components/ui/monaco/MonacoCodeEditor'
import { MonacoLoadError, useMonacoSource } from '@/components/ui/monaco/use-monaco-source'
import { quietTypeScriptChecks, languageOfFile } from './monaco-setup'
import styles from './FunctionCode.module.css'

type Props = { fileName: string; value: string; onChange: (value: string) => void; readOnly?: boolean; onSave?: () => void }

/** Monaco over one file of a function, with TypeScript (or JavaScript, JSON) highlighting. */
export function FunctionCodeEditor({ fileName, value, onChange, readOnly = false, onSave }: Props) {
  const { source, markMounted, failed } = useMonacoSource()
  const handleMount: OnMount = (editor, monaco) => {
    markMounted()
    quietTypeScriptChecks(monaco)
    if (onSave) editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, onSave)
  }
  if (failed) return <MonacoLoadError source={source} />
  return (
    <div className={styles.editorHost} data-monaco-origin={source?.origin}>
      <MonacoCodeEditor
        source={source}
        language={languageOfFile(fileName)}
        path={`file:///functions/${fileName}`}
        value={value}
        onChange={onChange}
        onMount={handleMount}
        ariaLabel={`Code of ${fileName}`}
        options={{ readOnly }}
      />
    </div>
  )
}
