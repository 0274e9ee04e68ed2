/**
 * Error reporting (spec §8: "Errors are reported to an error service, default sample rate 0.2").
 *
 * The SDK is loaded lazily with a dynamic `import('@sentry/nextjs')`: it is large, and most
 * sessions never report anything, so it stays out of the first-load bundle. `reportError` still
 * answers synchronously: it makes the event id itself and hands it to the SDK
 * (`captureException(error, { event_id })`), so the error screen can show and copy the id at
 * once while the event is sent as soon as the SDK has loaded. Calls made before the SDK has
 * loaded are queued on the load promise, in call order.
 *
 * Without a DSN (`SENTRY_DSN` unset; DESIGN "error reports") everything here is a no-op:
 * `reportError` returns null and the SDK is never loaded. Safe on the server and in tests.
 */
import { BUILD_ENV, getConfig } from '@/lib/config'
import { randomUuid } from '@/lib/random-id'

type SentrySdk = typeof import('@sentry/nextjs')

/** spec §8: share of error events that are sent. */
export const ERROR_SAMPLE_RATE = 0.2

export type ErrorReportLevel = 'fatal' | 'error' | 'warning' | 'info'

export type ErrorReportContext = {
  /** Indexed, searchable key/values (e.g. `requestId`, `code`). */
  tags?: Record<string, string | number | boolean | null | undefined>
  /** Free-form data attached to the event. */
  extra?: Record<string, unknown>
  level?: ErrorReportLevel
}

let sdk: Promise<SentrySdk | null> | null = null
/** Tags set so far; applied at init too, so tags set before the SDK loads are not lost. */
const tags: Record<string, string> = {}

function configuredDsn(): string | null {
  try {
    return getConfig().sentryDsn
  } catch {
    return null
  }
}

function currentMode(): string {
  try {
    return getConfig().isPlatform ? 'platform' : 'self-hosted'
  } catch {
    return 'unknown'
  }
}

function toTagValue(value: string | number | boolean | null | undefined): string | undefined {
  return value === null || value === undefined ? undefined : String(value)
}

/**
 * Starts error reporting once (idempotent). Resolves to whether reporting is on: false when no
 * DSN is configured or the SDK failed to load. Call it early on each side (the browser entry and
 * the server's instrumentation); `reportError` also calls it, so forgetting it loses nothing.
 */
export function initErrorReporting(): Promise<boolean> {
  if (sdk) return sdk.then(Boolean)
  const dsn = configuredDsn()
  if (!dsn) return Promise.resolve(false)

  const environment = BUILD_ENV
  sdk = import('@sentry/nextjs')
    .then((Sentry) => {
      Sentry.init({
        dsn,
        sampleRate: ERROR_SAMPLE_RATE,
        environment,
        initialScope: { tags: { mode: currentMode(), ...tags } },
      })
      return Sentry
    })
    .catch((error: unknown) => {
      // An ad blocker or a failed chunk must not break the app: reporting just stays off.
      if (environment === 'development') console.warn('Error reporting could not start', error)
      return null
    })
  return sdk.then(Boolean)
}

/**
 * Reports an error. Returns the event id (32 hex characters, the form the error service uses)
 * or null when reporting is off (no DSN). The id is known at once; sending happens when the
 * lazily loaded SDK is ready.
 */
export function reportError(error: unknown, context: ErrorReportContext = {}): string | null {
  if (!configuredDsn()) return null
  void initErrorReporting()
  const loading = sdk
  if (!loading) return null

  const eventId = randomUuid().replace(/-/g, '')
  const eventTags: Record<string, string> = {}
  for (const [key, value] of Object.entries(context.tags ?? {})) {
    const tag = toTagValue(value)
    if (tag !== undefined) eventTags[key] = tag
  }
  void loading.then((Sentry) => {
    Sentry?.captureException(error, {
      event_id: eventId,
      captureContext: { tags: eventTags, extra: context.extra ?? {}, level: context.level ?? 'error' },
    })
  })
  return eventId
}

/** Sets a tag on every later error report (e.g. the error boundary's `errorBoundary: true`). */
export function setErrorTag(key: string, value: string | number | boolean | null | undefined): void {
  const tag = toTagValue(value)
  if (tag === undefined) delete tags[key]
  else tags[key] = tag
  void sdk?.then((Sentry) => Sentry?.setTag(key, tag))
}

/** Test hook: forget the started SDK and the tags, so the next call starts afresh. */
export function resetErrorReporting(): void {
  sdk = null
  for (const key of Object.keys(tags)) delete tags[key]
}
