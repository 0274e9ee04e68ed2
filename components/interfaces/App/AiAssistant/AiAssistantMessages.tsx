import dayjs from 'dayjs'
import type { AssistantChat } from '@/state/ai-assistant'
import { AI_ASSISTANT_NO_ANSWER_NOTICE } from './AiAssistant.constants'
import styles from './AiAssistantPanel.module.css'

type AiAssistantMessagesProps = {
  chat: AssistantChat | null
}

/** The active chat's messages, or its empty state. */
export function AiAssistantMessages({ chat }: AiAssistantMessagesProps) {
  const messages = chat?.messages ?? []
  const awaitingAnswer = messages.at(-1)?.role === 'user'

  return (
    <div className={styles.messages} role="log" aria-label="Messages">
      {messages.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No messages yet</p>
          <p className="muted">
            Ask about your database, your SQL or an error. Chats are kept in this browser only, per project.
          </p>
        </div>
      ) : (
        <ol className={styles.messageList}>
          {messages.map((message) => (
            <li key={message.id} className={message.role === 'user' ? styles.userMessage : styles.assistantMessage}>
              <div className={styles.messageMeta}>
                <span className={styles.messageAuthor}>{message.role === 'user' ? 'You' : 'Assistant'}</span>
                <time dateTime={message.createdAt}>{dayjs(message.createdAt).format('HH:mm')}</time>
              </div>
              <p className={styles.messageContent}>{message.content}</p>
            </li>
          ))}
        </ol>
      )}
      {awaitingAnswer && (
        <div className="admonition admonition-warning" role="status">
          <p className={styles.notice}>{AI_ASSISTANT_NO_ANSWER_NOTICE}</p>
        </div>
      )}
    </div>
  )
}
