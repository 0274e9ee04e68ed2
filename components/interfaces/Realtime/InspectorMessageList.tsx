import { useState } from 'react'
import { Badge, type BadgeVariant } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import type { InspectorMessage, MessageKind } from './inspector-types'
import styles from './Realtime.module.css'

const KIND: Record<MessageKind, { label: string; variant: BadgeVariant }> = {
  broadcast: { label: 'Broadcast', variant: 'brand' },
  presence: { label: 'Presence', variant: 'default' },
  postgres_changes: { label: 'Database', variant: 'warning' },
  system: { label: 'System', variant: 'default' },
}

const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** The live list, newest first: time, kind, event, and the payload as JSON on demand. */
export function InspectorMessageList({ messages, joined }: { messages: InspectorMessage[]; joined: boolean }) {
  const [open, setOpen] = useState<Set<number>>(new Set())
  if (messages.length === 0) {
    return (
      <EmptyState
        title={joined ? 'Listening: no messages yet' : 'No messages'}
        description={joined ? 'Send a broadcast, or change a row of the followed table, and it appears here.' : 'Join a channel to watch its broadcasts, presence and database changes live.'}
      />
    )
  }
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev)
      if (!next.delete(id)) next.add(id)
      return next
    })
  return (
    <ol className={styles.messages} aria-label="Messages" aria-live="polite">
      {messages.map((m) => {
        const expanded = open.has(m.id)
        return (
          <li key={m.id} className={styles.message}>
            <button type="button" className={styles.messageRow} aria-expanded={expanded} onClick={() => toggle(m.id)}>
              <time className={`mono ${styles.time}`} dateTime={m.at}>{time(m.at)}</time>
              <Badge variant={KIND[m.kind].variant}>{KIND[m.kind].label}</Badge>
              <span className={`mono ${styles.event}`}>{m.event}</span>
              <span className={styles.chevron} aria-hidden>{expanded ? '▾' : '▸'}</span>
            </button>
            {expanded && <pre className={`mono ${styles.payload}`} aria-label={`Payload of ${m.event}`}>{JSON.stringify(m.payload, null, 2)}</pre>}
          </li>
        )
      })}
    </ol>
  )
}
