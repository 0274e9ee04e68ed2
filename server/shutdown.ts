import { stopCronScheduler } from './cron/scheduler'
import { closeStore } from './db/store'
import { stopAllWorkers } from './functions/runtime'
import { flushLogEvents } from './logs/recorder'
import { closeAllProjectDatabases } from './projects/jobs'
import { closeDefaultRealtimeServer } from './realtime/server'

/**
 * A server's orderly stop (SIGTERM, SIGINT; server.mjs calls it once its listeners stopped taking
 * connections): cron runs and lifecycle jobs under way end, realtime sockets close, the log lines
 * still buffered are written, Edge Functions' workers stop, and every PGlite database (projects and
 * the store) is closed as PGlite closes it, so nothing written is left for recovery at the next
 * start. Each step runs even when one before it failed; what failed is logged.
 */
export async function shutdown(): Promise<void> {
  const steps: [string, () => Promise<unknown>][] = [
    ['cron', stopCronScheduler],
    ['realtime', closeDefaultRealtimeServer],
    ['logs', flushLogEvents],
    ['functions', stopAllWorkers],
    ['project databases', closeAllProjectDatabases],
    ['logs', flushLogEvents], // what closing projects logged
    ['store', closeStore],
  ]
  for (const [name, step] of steps) {
    try {
      await step()
    } catch (error) {
      console.error(`[server] shutdown: ${name} failed:`, error)
    }
  }
}
