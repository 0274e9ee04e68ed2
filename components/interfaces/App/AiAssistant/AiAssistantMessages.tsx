import dayjs from 'dayjs'
import { lazy, Suspense, type ReactNode } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import type { AssistantChat } from '@/state/ai-assistant'
import { useChatAnswerState } from '@/state/ai-assistant-answers'
import { splitUserMessage } from '@/state/ai-assistant-answer.rules'
import styles from './AiAssistantPanel.module.css'

// Answers (markdown, SQL cards and what they run) load with the first answer shown, not with
// every project page; until then an answer shows as plain text.
const AiAnswer = lazy(() => import('./AiAnswer').then((module) => ({ default: module.AiAnswer })))

function LazyAnswer(props: Parameters<typeof AiAnswer>[0]) {
  return (
    <Suspense fallback={<p className={styles.messageContent}>{props.content}</p>}>
      <AiAnswer {...props} />
    </Suspense>
  )
}

type AiAssistantMessagesProps = {
  projectRef: string
  chat: AssistantChat | null
}

function MessageItem({ author, createdAt, user, busy, children }: { author: string; createdAt: string; user: boolean; busy?: boolean; children: ReactNode }) {
  return (
    <li className={user ? styles.userMessage : styles.assistantMessage}>
      <div className={styles.messageMeta}>
        <span className={styles.messageAuthor}>{author}</span>
        <time dateTime={createdAt}>{dayjs(createdAt).format('HH:mm')}</time>
        {busy && <span>Writing…</span>}
      </div>
      {children}
    </li>
  )
}

/**
 * The active chat's messages, the answer streaming into it (a log: screen readers read what is
 * added), and why the last answer failed; or the chat's empty state.
 */
export function AiAssistantMessages({ projectRef, chat }: AiAssistantMessagesProps) {
  const messages = chat?.messages ?? []
  const { live, error } = useChatAnswerState(chat?.id)

  return (
    <div className={styles.messages} role="log" aria-label="Messages">
      {messages.length === 0 && !live ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No messages yet</p>
          <p className="muted">
            Ask about your database, your SQL or an error. Chats are kept in this browser only, per project.
          </p>
        </div>
      ) : (
        <ol className={styles.messageList}>
          {messages.map((message) =>
            message.role === 'user' ? (
              <MessageItem key={message.id} author="You" createdAt={message.createdAt} user>
                <UserMessage content={message.content} />
              </MessageItem>
            ) : (
              <MessageItem key={message.id} author="Assistant" createdAt={message.createdAt} user={false}>
                <LazyAnswer projectRef={projectRef} messageId={message.id} content={message.content} results={message.results} />
              </MessageItem>
            )
          )}
          {live && (
            <MessageItem key={live.messageId} author="Assistant" createdAt={live.createdAt} user={false} busy>
              <LazyAnswer projectRef={projectRef} messageId={live.messageId} content={live.content} results={{}} live />
            </MessageItem>
          )}
        </ol>
      )}
      {error && (
        <Admonition type="danger" role="alert" title="The assistant could not answer">
          {error}
        </Admonition>
      )}
    </div>
  )
}

/** The user's own message as typed, its fenced code blocks shown as code. */
function UserMessage({ content }: { content: string }) {
  return (
    <>
      {splitUserMessage(content).map((part, index) =>
        part.kind === 'code' ? (
          <pre key={index} className={styles.userCode} data-lang={part.lang || undefined}>
            <code>{part.code}</code>
          </pre>
        ) : (
          <p key={index} className={styles.messageContent}>
            {part.text}
          </p>
        )
      )}
    </>
  )
}
