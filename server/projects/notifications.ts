/**
 * Notifications (`pg_notify`) a project database sends on the channels the platform listens on,
 * in this process. A PGlite engine LISTENs on them from its start (database-cache.ts) and hands
 * what it receives here; realtime's change bus (realtime/change-listener.ts) reads them. On a
 * Postgres server realtime LISTENs on its own connection instead, so nothing comes through here.
 */

/** The channel realtime's row triggers notify (realtime/triggers.ts), one per project database. */
export const REALTIME_CHANGES_CHANNEL = 'realtime_changes'

/** The channels a project database's PGlite engine LISTENs on. */
export const PROJECT_LISTEN_CHANNELS = [REALTIME_CHANGES_CHANNEL]

type Listener = (channel: string, payload: string) => void

const g = globalThis as typeof globalThis & { __projectNotificationListeners?: Map<string, Set<Listener>> }
const listeners = (g.__projectNotificationListeners ??= new Map())

/** Calls `fn` with every notification of the project's database in this process until the returned function is called. */
export function onProjectNotification(ref: string, fn: Listener): () => void {
  let set = listeners.get(ref)
  if (!set) listeners.set(ref, (set = new Set()))
  set.add(fn)
  return () => {
    set.delete(fn)
    if (set.size === 0 && listeners.get(ref) === set) listeners.delete(ref)
  }
}

/** Hands a notification of the project's database to its listeners (a listener's failure is its own). */
export function emitProjectNotification(ref: string, channel: string, payload: string): void {
  for (const fn of listeners.get(ref) ?? []) {
    try {
      fn(channel, payload)
    } catch (error) {
      console.error(`[platform-api] a notification listener of project ${ref} failed`, error)
    }
  }
}
