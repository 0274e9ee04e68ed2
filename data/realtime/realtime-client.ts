/**
 * `@supabase/realtime-js`, loaded when the inspector first joins a channel (a dynamic import: the
 * realtime page's first load stays within the bundle budget). Component tests mock this module.
 */
export type RealtimeModule = typeof import('@supabase/realtime-js')
export type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js'

export function loadRealtimeClient(): Promise<RealtimeModule> {
  return import('@supabase/realtime-js')
}
