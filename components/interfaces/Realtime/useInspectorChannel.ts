import { useCallback, useEffect, useRef, useState } from 'react'
import { createInspectorToken } from '@/data/realtime/inspector-token'
import { loadRealtimeClient, type RealtimeChannel, type RealtimeClient } from '@/data/realtime/realtime-client'
import { errorMessage } from '@/components/ui/ErrorState'
import { MAX_MESSAGES, type InspectorMessage, type InspectorStatus, type JoinOptions, type MessageKind } from './inspector-types'

/** A token is replaced this long before it expires (the channel gets it with `access_token`). */
const REFRESH_BEFORE_S = 60

type Session = { client: RealtimeClient; channel: RealtimeChannel; refresh: ReturnType<typeof setTimeout> | null }

/**
 * The inspector's connection: a short-lived token for the chosen role (never a project key), a
 * realtime-js client loaded on first use, one channel with broadcasts (its own included), presence
 * and the chosen table's changes, every message listed as it arrives. A refused join ends the
 * session with the server's reason; a connection lost once joined is joined again with a fresh
 * token (the socket's own reconnect would offer the first one, expired after a few minutes).
 */
export function useInspectorChannel(projectRef: string) {
  const [status, setStatus] = useState<InspectorStatus>('idle')
  const [error, setError] = useState<string | null>(null)
  const [messages, setMessages] = useState<InspectorMessage[]>([])
  const [joined, setJoined] = useState<JoinOptions | null>(null)
  const session = useRef<Session | null>(null)
  const seq = useRef(0)

  const add = useCallback((kind: MessageKind, event: string, payload: unknown) => {
    const message = { id: ++seq.current, at: new Date().toISOString(), kind, event, payload }
    setMessages((list) => [message, ...list].slice(0, MAX_MESSAGES))
  }, [])

  const end = useCallback(async () => {
    const current = session.current
    session.current = null
    if (!current) return
    if (current.refresh) clearTimeout(current.refresh)
    await current.client.removeChannel(current.channel).catch(() => {})
    current.client.disconnect()
  }, [])

  // `joined` stays after a leave: the form offers the same options again.
  const leave = useCallback(async () => {
    await end()
    setStatus('idle')
  }, [end])

  const join = useCallback(
    async (options: JoinOptions) => {
      await end()
      setStatus('joining')
      setError(null)
      setJoined(options)
      const body = { projectRef, role: options.role, ...(options.role === 'authenticated' ? { user_id: options.userId } : {}) }
      try {
        const [token, { RealtimeClient }] = await Promise.all([createInspectorToken(body), loadRealtimeClient()])
        const client = new RealtimeClient(`${token.endpoint.replace(/^http/, 'ws')}/realtime/v1`, { params: { apikey: token.token } })
        const channel = client.channel(options.channel, {
          config: { private: options.private, broadcast: { self: true, ack: true }, presence: { key: `inspector-${Math.random().toString(36).slice(2, 8)}` } },
        })
        channel.on('broadcast', { event: '*' }, (m) => add('broadcast', String(m.event), m.payload))
        channel.on('presence', { event: 'sync' }, () => add('presence', 'sync', channel.presenceState()))
        channel.on('presence', { event: 'join' }, ({ key, newPresences }) => add('presence', 'join', { key, newPresences }))
        channel.on('presence', { event: 'leave' }, ({ key, leftPresences }) => add('presence', 'leave', { key, leftPresences }))
        if (options.changes) {
          const { schema, table, event, filter } = options.changes
          channel.on('postgres_changes', { event: event as '*', schema, table, ...(filter ? { filter } : {}) }, (m) => add('postgres_changes', m.eventType, m))
          // The server says whether the supabase_realtime publication lets the table's changes through.
          channel.on('system', {}, (m: { extension?: string; status?: string; message?: string }) => {
            if (m.extension !== 'postgres_changes') return
            if (m.status === 'error') add('system', 'changes not streamed', { message: m.message, fix: `Add ${schema}.${table} to the supabase_realtime publication (Database → Publications)` })
            else add('system', 'changes subscribed', { message: m.message })
          })
        }
        const current: Session = { client, channel, refresh: null }
        session.current = current
        const refreshIn = Math.max(token.expires_in - REFRESH_BEFORE_S, 10) * 1000
        const refresh = () => {
          current.refresh = setTimeout(() => {
            createInspectorToken(body)
              .then((next) => (session.current === current ? client.setAuth(next.token) : undefined))
              .catch(() => add('system', 'token refresh failed', { message: 'The channel keeps its token until it expires' }))
              .finally(() => session.current === current && refresh())
          }, refreshIn)
        }
        refresh()
        let subscribed = false
        channel.subscribe((state, err) => {
          if (session.current !== current) return
          if (state === 'SUBSCRIBED') {
            subscribed = true
            setStatus('joined')
            add('system', 'joined', { channel: options.channel, role: options.role, private: options.private })
          } else if ((state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') && subscribed) {
            // The connection dropped after the join (the network, or realtime-js reconnecting with a
            // token that has since expired): join again with a fresh token. A join that then fails
            // is an error like any other, so this never loops.
            add('system', 'reconnecting', { reason: err?.message || 'The connection was lost' })
            void rejoin.current?.(options)
          } else if (state === 'CHANNEL_ERROR' || state === 'TIMED_OUT') {
            setStatus('error')
            setError(err?.message || (state === 'TIMED_OUT' ? 'The join timed out' : 'The channel refused the join'))
            void end()
          }
        })
      } catch (e) {
        await end()
        setStatus('error')
        setError(errorMessage(e))
      }
    },
    [projectRef, add, end]
  )
  const rejoin = useRef(join)
  rejoin.current = join

  /** Sends a broadcast on the joined channel; resolves with realtime-js's answer ('ok', 'timed out', 'error'). */
  const send = useCallback(async (event: string, payload: unknown): Promise<string> => {
    const channel = session.current?.channel
    if (!channel) return 'error'
    return channel.send({ type: 'broadcast', event, payload })
  }, [])

  useEffect(() => () => void end(), [end])

  return { status, error, messages, joined, join, leave, send, clear: () => setMessages([]) }
}
