import { MonacoCodeEditor } from '@/components/ui/monaco/MonacoCodeEditor'
import { MonacoLoadError, useMonacoSource } from '@/components/ui/monaco/use-monaco-source'
import styles from './Functions.module.css'

/** Monaco's language for a function's language: SQL highlighting for sql and plpgsql, JavaScript for plv8. */
function editorLanguage(language: string): string {
  if (language === 'sql' || language === 'plpgsql') return 'pgsql'
  if (language === 'plv8' || language === 'plls' || language === 'plcoffee') return 'javascript'
  return 'plaintext'
}

/** The body of a function in Monaco (loaded with this panel, never on the list's first load). */
export function FunctionBodyEditor({ language, value, onChange, readOnly, label }: { language: string; value: string; onChange: (value: string) => void; readOnly: boolean; label: string }) {
  const { source, markMounted, failed } = useMonacoSource()
  if (failed) return <MonacoLoadError source={source} />
  return (
    <div className={styles.editorHost} data-monaco-origin={source?.origin}>
      <MonacoCodeEditor
        source={source}
        language={editorLanguage(language)}
        path="file:///database/function-body.sql"
        value={value}
        onChange={onChange}
        onMount={() => markMounted()}
        ariaLabel={label}
        options={{ readOnly, lineNumbers: 'on' }}
      />
    </div>
  )
}
