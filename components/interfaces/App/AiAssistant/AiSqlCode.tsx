/**
 * SQL shown highlighted, loaded lazily by AiAnswer: highlight.js's core with only its SQL grammar
 * registered (a few kB, instead of every language). Its output is HTML whose text is escaped by
 * highlight.js, the only HTML of an answer that is set as such.
 */
import hljs from 'highlight.js/lib/core'
import sql from 'highlight.js/lib/languages/sql'
import { useMemo } from 'react'
import styles from './AiAnswer.module.css'

if (!hljs.getLanguage('sql')) hljs.registerLanguage('sql', sql)

export default function AiSqlCode({ code, label }: { code: string; label: string }) {
  const html = useMemo(() => hljs.highlight(code, { language: 'sql', ignoreIllegals: true }).value, [code])
  return (
    <pre className={styles.code} aria-label={label}>
      <code className="hljs language-sql" dangerouslySetInnerHTML={{ __html: html }} />
    </pre>
  )
}
