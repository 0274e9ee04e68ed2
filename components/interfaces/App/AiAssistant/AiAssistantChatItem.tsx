import dayjs from 'dayjs'
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react'
import type { AssistantChat } from '@/state/ai-assistant'
import { PencilIcon, TrashIcon } from './AiAssistantIcons'
import styles from './AiAssistantPanel.module.css'

type AiAssistantChatItemProps = {
  chat: AssistantChat
  active: boolean
  onSelect: (chatId: string) => void
  onRename: (chatId: string, name: string) => void
  onDelete: (chatId: string) => void
}

type Mode = 'view' | 'rename' | 'confirm-delete'

/** One chat of the list: select it, rename it inline, or delete it after a confirmation. */
export function AiAssistantChatItem({ chat, active, onSelect, onRename, onDelete }: AiAssistantChatItemProps) {
  const [mode, setMode] = useState<Mode>('view')
  const [name, setName] = useState(chat.name)
  const inputId = useId()
  const nameInput = useRef<HTMLInputElement>(null)
  const cancelDelete = useRef<HTMLButtonElement>(null)

  // The button that was clicked disappears with the mode change: move focus into what replaced it.
  useEffect(() => {
    if (mode === 'rename') {
      nameInput.current?.focus()
      nameInput.current?.select()
    }
    if (mode === 'confirm-delete') cancelDelete.current?.focus()
  }, [mode])

  // Escape leaves the inline form, and must not also close the panel around it.
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    event.stopPropagation()
    setMode('view')
  }

  if (mode === 'rename') {
    const submit = (event: FormEvent) => {
      event.preventDefault()
      if (!name.trim()) return
      onRename(chat.id, name)
      setMode('view')
    }
    return (
      <li className={styles.chatItem}>
        <form className={styles.inlineForm} onSubmit={submit} onKeyDown={cancelOnEscape}>
          <label htmlFor={inputId} className="visually-hidden">
            Chat name
          </label>
          <input
            id={inputId}
            className="input"
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            ref={nameInput}
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={!name.trim()}>
            Save
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('view')}>
            Cancel
          </button>
        </form>
      </li>
    )
  }

  if (mode === 'confirm-delete') {
    return (
      <li className={styles.chatItem}>
        <div className={styles.inlineForm} role="group" aria-label={`Delete chat ${chat.name}`} onKeyDown={cancelOnEscape}>
          <span className={styles.confirmText}>Delete “{chat.name}”?</span>
          <button type="button" className="btn btn-danger btn-sm" onClick={() => onDelete(chat.id)}>
            Delete
          </button>
          <button ref={cancelDelete} type="button" className="btn btn-ghost btn-sm" onClick={() => setMode('view')}>
            Cancel
          </button>
        </div>
      </li>
    )
  }

  return (
    <li className={styles.chatItem}>
      <button
        type="button"
        className={`list-button ${styles.chatSelect}`}
        aria-current={active ? 'true' : undefined}
        onClick={() => onSelect(chat.id)}
      >
        <span className={styles.chatName}>{chat.name}</span>
        <time className={styles.chatTime} dateTime={chat.updatedAt}>
          {dayjs(chat.updatedAt).format('D MMM, HH:mm')}
        </time>
      </button>
      <RowIconButton
        label={`Rename chat ${chat.name}`}
        title="Rename chat"
        onClick={() => {
          setName(chat.name)
          setMode('rename')
        }}
      >
        <PencilIcon />
      </RowIconButton>
      <RowIconButton label={`Delete chat ${chat.name}`} title="Delete chat" onClick={() => setMode('confirm-delete')}>
        <TrashIcon />
      </RowIconButton>
    </li>
  )
}

/** A chat's icon button, named for screen readers by `label` and on hover by `title`. */
function RowIconButton({ label, title, onClick, children }: { label: string; title: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-ghost btn-sm" aria-label={label} title={title} onClick={onClick}>
      {children}
    </button>
  )
}
