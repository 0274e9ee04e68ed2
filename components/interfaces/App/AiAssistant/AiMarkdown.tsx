/**
 * The markdown of an answer (GitHub flavour: tables, task lists, strikethrough), loaded lazily by
 * AiAnswer so react-markdown is in no page's first load. The model's raw HTML is never rendered
 * (no rehype-raw: react-markdown leaves HTML out), and links open in a new tab without an opener.
 */
import type { ComponentProps } from 'react'
import ReactMarkdown, { type Components } from 'react-markdown'
import remarkGfm from 'remark-gfm'
import styles from './AiAnswer.module.css'

const components: Components = {
  a: ({ node: _node, ...props }: ComponentProps<'a'> & { node?: unknown }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
  table: ({ node: _node, ...props }: ComponentProps<'table'> & { node?: unknown }) => (
    <div className={styles.tableScroll}>
      <table {...props} />
    </div>
  ),
}

export default function AiMarkdown({ text }: { text: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {text}
      </ReactMarkdown>
    </div>
  )
}
