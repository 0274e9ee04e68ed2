import { useEffect, useState, type KeyboardEvent } from 'react'
import {
  aiAssistantActions,
  flushAiAssistantSave,
  loadAiAssistantState,
  useAiAssistantState,
} from '@/state/ai-assistant'
import { AI_ASSISTANT_PANEL_ID } from './AiAssistant.constants'
import { AiAssistantChatList } from './AiAssistantChatList'
import { AiAssistantComposer } from './AiAssistantComposer'
import { AiAssistantContext } from './AiAssistantContext'
import { CloseIcon, SparkIcon } from './AiAssistantIcons'
import { AiAssistantMessages } from './AiAssistantMessages'
import { sidePanelClasses } from '@/components/ui/SidePanel'
import styles from './AiAssistantPanel.module.css'
import { AiAssistantStatusNote } from './AiAssistantStatusNote'
import { discardAnswer } from './ai-answer-runner'
import { useAssistantAnswering } from './useAssistantAnswering'

type AiAssistantPanelProps = {
  projectRef: string
}

/** Closes the panel and hands focus back to the button that controls it, when there is one. */
function closePanel() {
  aiAssistantActions.close()
  document.querySelector<HTMLElement>(`[aria-controls="${AI_ASSISTANT_PANEL_ID}"]`)?.focus()
}

/** Clearing a chat drops its answer too, streaming or failed. */
function clearChat(chatId: string) {
  discardAnswer(chatId)
  aiAssistantActions.clearMessages()
}

/**
 * The AI assistant side panel of a project (spec §2 overlay 5, §4): its chats, the active chat's
 * messages with the answer streaming into it, and a composer. Renders nothing while closed;
 * loads the project's state on mount.
 */
export function AiAssistantPanel({ projectRef }: AiAssistantPanelProps) {
  const { status, open, data, activeChat, chats, projectRef: loadedRef } = useAiAssistantState()
  // Bumped by New chat: the composer takes focus, ready for the first message.
  const [composerFocus, setComposerFocus] = useState(0)
  const ready = status === 'ready' && loadedRef === projectRef && data !== null
  const answering = useAssistantAnswering({ projectRef, open, data: ready ? data : null, activeChat })

  useEffect(() => {
    void loadAiAssistantState(projectRef)
  }, [projectRef])

  // A change made just before the tab is hidden or closed would otherwise wait out the debounce.
  useEffect(() => {
    const flush = () => void flushAiAssistantSave()
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onVisibilityChange)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onVisibilityChange)
    }
  }, [])

  if (!open) return null

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') closePanel()
  }

  return (
    <aside id={AI_ASSISTANT_PANEL_ID} aria-label="AI assistant" className={sidePanelClasses.panel} onKeyDown={onKeyDown}>
      <header className={sidePanelClasses.header}>
        <h2 className={styles.title}>
          <SparkIcon />
          AI assistant
        </h2>
        <div className={styles.headerActions}>
          <button
            type="button"
            className="btn btn-sm"
            disabled={!ready}
            onClick={() => {
              aiAssistantActions.startChat()
              setComposerFocus((n) => n + 1)
            }}
          >
            New chat
          </button>
          <button type="button" className="btn btn-ghost btn-sm" aria-label="Close AI assistant" onClick={closePanel}>
            <CloseIcon />
          </button>
        </div>
      </header>

      {!ready ? (
        <div className={styles.loading} role="status">
          <span className="muted">Loading chats…</span>
          <div className={`skeleton ${styles.skeletonRow}`} />
          <div className={`skeleton ${styles.skeletonRow}`} />
          <div className={`skeleton ${styles.skeletonBlock}`} />
        </div>
      ) : (
        <>
          <AiAssistantChatList chats={chats} activeChatId={data.activeChatId} />
          <section className={styles.conversation} aria-labelledby="ai-assistant-conversation-heading">
            <div className={styles.conversationHeader}>
              <h3 id="ai-assistant-conversation-heading" className={styles.sectionHeading}>
                {activeChat?.name ?? 'No chat selected'}
              </h3>
              {activeChat && activeChat.messages.length > 0 && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => clearChat(activeChat.id)}>
                  Clear messages
                </button>
              )}
            </div>
            <AiAssistantMessages projectRef={projectRef} chat={activeChat} />
          </section>
          <AiAssistantContext
            data={data}
            showSuggestions={!activeChat?.messages.length}
            onPickPrompt={aiAssistantActions.setInitialInput}
          />
          <AiAssistantStatusNote status={answering.status} failed={answering.statusFailed} />
          <AiAssistantComposer
            initialInput={data.initialInput}
            onSend={answering.send}
            focusKey={composerFocus}
            streaming={answering.streaming}
            onStop={answering.stop}
          />
        </>
      )}
    </aside>
  )
}
