import type { RealtimeChannel } from '@supabase/supabase-js'

/** Subscribes and resolves once SUBSCRIBED; a refusal (or a timeout) rejects with the server's reason. */
export const subscribed = (channel: RealtimeChannel) =>
  new Promise<RealtimeChannel>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel)
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status))
    })
  )
