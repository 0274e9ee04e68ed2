import { lazy, Suspense, useMemo } from 'react'
import type { AssistantSnippetResult } from '@/state/ai-assistant'
import { splitAnswer } from '@/state/ai-assistant-answer.rules'
import { AiSqlCard } from './AiSqlCard'
import styles from './AiAnswer.module.css'

// The renderer loads with the first answer shown, not with the page; until then the text shows as it is.
const AiMarkdown = lazy(() => import('./AiMarkdown'))

type AiAnswerProps = {
  projectRef: string
  messageId: string
  content: string
  /** Rows of the snippets run so far, by snippet id (spec §3 Message.results). */
  results: Record<string, AssistantSnippetResult>
  /** Still streaming: its snippets cannot be inserted or run yet. */
  live?: boolean
}

/** One answer of the assistant: its markdown, its SQL as cards, and the notes of what it did. */
export function AiAnswer({ projectRef, messageId, content, results, live = false }: AiAnswerProps) {
  const segments = useMemo(() => splitAnswer(content, messageId), [content, messageId])
  return (
    <div className={styles.answer}>
      {segments.map((segment, index) => {
        if (segment.kind === 'sql') {
          return (
            <AiSqlCard
              key={segment.id}
              projectRef={projectRef}
              messageId={messageId}
              snippet={segment}
              rows={results[segment.id]}
              disabled={live || !segment.closed}
            />
          )
        }
        if (segment.kind === 'note') {
          return (
            <p key={index} className={segment.note === 'withheld' ? styles.withheld : styles.note} role={segment.note === 'withheld' ? 'note' : undefined}>
              {segment.text}
            </p>
          )
        }
        return (
          <Suspense key={index} fallback={<p className={styles.plain}>{segment.text}</p>}>
            <AiMarkdown text={segment.text} />
          </Suspense>
        )
      })}
    </div>
  )
}
