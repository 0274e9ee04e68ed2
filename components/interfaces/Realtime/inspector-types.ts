import type { InspectorRole } from '@/data/realtime/inspector-token'

/** What the inspector joins: a channel as a role (a project user's, for authenticated), and optionally a table's changes. */
export type JoinOptions = {
  role: InspectorRole
  userId?: string
  channel: string
  private: boolean
  changes: { schema: string; table: string; event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter: string } | null
}

export type MessageKind = 'broadcast' | 'presence' | 'postgres_changes' | 'system'

/** One line of the live list. */
export type InspectorMessage = { id: number; at: string; kind: MessageKind; event: string; payload: unknown }

export type InspectorStatus = 'idle' | 'joining' | 'joined' | 'error'

/** The list keeps the newest messages only. */
export const MAX_MESSAGES = 500
