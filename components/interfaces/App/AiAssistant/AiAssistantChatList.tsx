import { aiAssistantActions, type AssistantChat } from '@/state/ai-assistant'
import { AiAssistantChatItem } from './AiAssistantChatItem'
import styles from './AiAssistantPanel.module.css'
import { discardAnswer } from './ai-answer-runner'

/** A deleted chat takes no answer: one still streaming into it is stopped and dropped. */
function deleteChat(chatId: string) {
  discardAnswer(chatId)
  aiAssistantActions.deleteChat(chatId)
}

type AiAssistantChatListProps = {
  chats: AssistantChat[]
  activeChatId: string | null
}

/** The project's chats, most recently updated first. */
export function AiAssistantChatList({ chats, activeChatId }: AiAssistantChatListProps) {
  return (
    <nav className={styles.chats} aria-labelledby="ai-assistant-chats-heading">
      <h3 id="ai-assistant-chats-heading" className={styles.sectionHeading}>
        Chats
      </h3>
      {chats.length === 0 ? (
        <p className="muted">No chats. Start a new chat or send a message.</p>
      ) : (
        <ul className={styles.chatList}>
          {chats.map((chat) => (
            <AiAssistantChatItem
              key={chat.id}
              chat={chat}
              active={chat.id === activeChatId}
              onSelect={aiAssistantActions.selectChat}
              onRename={aiAssistantActions.renameChat}
              onDelete={deleteChat}
            />
          ))}
        </ul>
      )}
    </nav>
  )
}
