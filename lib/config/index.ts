/**
 * The one module that reads the environment (DESIGN.md "One build, two modes").
 *
 * Settings are read when the server starts, never baked into the build: the server hands the
 * public part to the browser in every page, an inline script that sets `window.__DASHBOARD_CONFIG__`
 * before the app hydrates (`publicConfigScript`; also served as `/dashboard/api/runtime-config`
 * for tools), so one `next build` serves both modes.
 */

import { CODE_EDITOR_VERSION as MONACO_VERSION } from '@/lib/constants'
import { OPT_IN_KEY_LIST, type OptInKey } from '@/lib/catalogue/opt-in'

export const BASE_PATH = '/dashboard'

/** 'production' or 'development': fixed by the build (Next inlines it), not a runtime setting. */
export const BUILD_ENV: string = process.env.NODE_ENV ?? 'production'

export type CustomContent = {
  dashboardAuthCustomProvider: unknown
  organizationLegalDocuments: unknown
  projectHomepageExampleProjects: unknown
  logsDefaultQuery: unknown
}

/** Settings the browser may see. */
export type PublicConfig = {
  isPlatform: boolean
  apiUrl: string
  gotrueUrl: string
  sentryDsn: string | null
  monacoCdnBaseUrl: string
  /** spec §8 flags */
  ongoingIncident: boolean
  showNoticeBanner: boolean
  clockSkewBanner: boolean
  /** billing flag: gates overdue invoices and billing screens (spec §7) */
  billingEnabled: boolean
  /** remote feature flags that release some previews (spec §3) */
  remoteFlags: { gitlessBranching: boolean; advisorRules: boolean; unifiedLogs: boolean }
  customContent: CustomContent
  /** Where people write when the dashboard cannot help them (e.g. an unverified third-party sign-in). */
  supportEmail: string
}

/** Settings only the server sees. */
export type ServerConfig = PublicConfig & {
  port: number
  databaseUrl: string | null
  dataDir: string
  jwtSecret: string | null
  /** self-hosted profile's disabled_features (spec §3), from a comma list */
  disabledFeatures: string[]
  seedDemo: boolean
  demoPassword: string | null
  /** Believe X-Forwarded-For (only behind a trusted proxy): rate limits key on the client address. */
  trustProxy: boolean
  /** Caps every plan's statement timeout for member SQL (seconds); null: the plans' own. */
  statementTimeoutSeconds: number | null
  /**
   * Seconds of Strict-Transport-Security on pages, for a dashboard served over HTTPS; 0 (the
   * default) sends none. Set, it also makes the policy upgrade insecure requests.
   */
  hstsMaxAge: number
  /**
   * PROJECT_API_URL: the absolute URL of a project's API behind a proxy, `{ref}` standing for its
   * ref (`https://{ref}.api.example.com`, or `https://api.example.com/{ref}`); null: the second
   * port (lib/project-api-url.ts).
   */
  projectApiUrl: string | null
  /**
   * PROJECT_API_PORT: the port the project API listens on, never the dashboard's (default PORT + 1);
   * its host is the one the dashboard was reached at.
   */
  projectApiPort: number
  /** The assistant's model: any OpenAI-compatible `chat/completions` endpoint; null: no assistant. */
  ai: AiConfig
  /**
   * Loopback ports serving PGlite project databases over the Postgres wire protocol (no
   * DATABASE_URL): the first port tried (PGLITE_PORT_BASE, default 54400; 0: any free port the
   * system picks), how many ports from it (PGLITE_PORT_COUNT, 100), clients per project
   * (PGLITE_MAX_CONNECTIONS, 8).
   */
  pglitePorts: { base: number; count: number; maxConnections: number }
  /**
   * Connections of the pool each open project database on a Postgres server may use
   * (PROJECT_DB_POOL_SIZE, default 10). Idle ones close after 10 s; keep instances × busy
   * projects × this under the server's max_connections.
   */
  projectDbPoolSize: number
  /**
   * Project databases nobody uses close (PROJECT_DB_IDLE_SECONDS, default 120) and reopen on the
   * next request; at most PGLITE_MAX_OPEN (4) PGlite ones stay open, each with
   * PGLITE_SHARED_BUFFERS_MB (16) of shared buffers (server/projects/database-cache.ts).
   */
  projectDatabases: { idleCloseMs: number; maxOpenPglite: number; pgliteSharedBuffersMb: number }
  /**
   * The S3-compatible store of project files (AWS S3, MinIO, R2), shared by every instance:
   * STORAGE_S3_BUCKET (set: files go there, else to DATA_DIR/files), STORAGE_S3_ENDPOINT (unset:
   * AWS), STORAGE_S3_REGION (default us-east-1), STORAGE_S3_ACCESS_KEY_ID and
   * STORAGE_S3_SECRET_ACCESS_KEY (unset: the SDK's default credentials), STORAGE_S3_FORCE_PATH_STYLE.
   */
  storageS3: StorageS3Config | null
}

export type StorageS3Config = {
  bucket: string
  endpoint: string | null
  region: string
  accessKeyId: string | null
  secretAccessKey: string | null
  forcePathStyle: boolean
}

/** The assistant's provider settings; the key never leaves the server. */
export type AiConfig = {
  baseUrl: string | null
  apiKey: string | null
  model: string | null
  /** Self-hosted opt-ins (AI_OPT_IN, a comma list of the spec's keys; default all three). */
  optIn: OptInKey[]
  /** How long the model may take to start answering, and between two pieces of its answer. */
  timeoutMs: number
  /** Chat requests per user per minute (429 with Retry-After past it). */
  requestsPerMinute: number
}

/** Shared buffers of an open PGlite project database unless PGLITE_SHARED_BUFFERS_MB says otherwise. */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16

type Env = Record<string, string | undefined>

declare global {
  interface Window {
    __DASHBOARD_CONFIG__?: PublicConfig
  }
}

export { MONACO_VERSION }
const DEFAULT_MONACO_CDN = `https://cdn.jsdelivr.net/npm/monaco-editor@${MONACO_VERSION}/min/vs`

/** Operators set SUPPORT_EMAIL; this placeholder only keeps the text whole until they do. */
export const DEFAULT_SUPPORT_EMAIL = 'support@example.com'

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase())
}

function json(value: string | undefined): unknown {
  if (value === undefined || value.trim() === '') return null
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

function positiveNumber(value: string | undefined): number | null {
  const n = Number(value)
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null
}

function str(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim()
}

/** Parses a whole configuration out of an environment (pure; used by the server and tests). */
export function parseConfig(env: Env): ServerConfig {
  const port = Number.parseInt(env.PORT ?? '', 10)
  const hstsMaxAge = Number.parseInt(env.HSTS_MAX_AGE ?? '', 10)
  return {
    isPlatform: bool(env.IS_PLATFORM, true),
    apiUrl: str(env.API_URL)?.replace(/\/$/, '') ?? `${BASE_PATH}/api`,
    gotrueUrl: str(env.GOTRUE_URL)?.replace(/\/$/, '') ?? `${BASE_PATH}/api/auth/v1`,
    sentryDsn: str(env.SENTRY_DSN),
    monacoCdnBaseUrl: str(env.MONACO_CDN_BASE_URL)?.replace(/\/$/, '') ?? DEFAULT_MONACO_CDN,
    ongoingIncident: bool(env.ONGOING_INCIDENT, false),
    showNoticeBanner: bool(env.SHOW_NOTICE_BANNER, false),
    clockSkewBanner: bool(env.CLOCK_SKEW_BANNER, true),
    billingEnabled: bool(env.BILLING_ENABLED, true),
    remoteFlags: {
      gitlessBranching: bool(env.FLAG_GITLESS_BRANCHING, false),
      advisorRules: bool(env.FLAG_ADVISOR_RULES, false),
      unifiedLogs: bool(env.FLAG_UNIFIED_LOGS, false),
    },
    customContent: {
      dashboardAuthCustomProvider: json(env.CUSTOM_CONTENT_DASHBOARD_AUTH_CUSTOM_PROVIDER),
      organizationLegalDocuments: json(env.CUSTOM_CONTENT_ORGANIZATION_LEGAL_DOCUMENTS),
      projectHomepageExampleProjects: json(env.CUSTOM_CONTENT_PROJECT_HOMEPAGE_EXAMPLE_PROJECTS),
      logsDefaultQuery: json(env.CUSTOM_CONTENT_LOGS_DEFAULT_QUERY),
    },
    supportEmail: str(env.SUPPORT_EMAIL) ?? DEFAULT_SUPPORT_EMAIL,
    port: Number.isFinite(port) && port > 0 ? port : 8082,
    databaseUrl: str(env.DATABASE_URL),
    dataDir: str(env.DATA_DIR) ?? '.data',
    jwtSecret: str(env.JWT_SECRET),
    disabledFeatures: (env.DISABLED_FEATURES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    seedDemo: bool(env.SEED_DEMO, false),
    demoPassword: str(env.DEMO_PASSWORD),
    trustProxy: bool(env.TRUST_PROXY, false),
    statementTimeoutSeconds: positiveNumber(env.STATEMENT_TIMEOUT_SECONDS),
    hstsMaxAge: Number.isFinite(hstsMaxAge) && hstsMaxAge > 0 ? hstsMaxAge : 0,
    projectApiUrl: str(env.PROJECT_API_URL)?.replace(/\/$/, '') ?? null,
    projectApiPort: Math.min(positiveNumber(env.PROJECT_API_PORT) ?? (Number.isFinite(port) && port > 0 ? port : 8082) + 1, 65535),
    ai: {
      baseUrl: str(env.AI_BASE_URL)?.replace(/\/$/, '') ?? null,
      apiKey: str(env.AI_API_KEY),
      model: str(env.AI_MODEL),
      optIn: env.AI_OPT_IN === undefined ? [...OPT_IN_KEY_LIST] : OPT_IN_KEY_LIST.filter((key) => env.AI_OPT_IN!.split(',').map((s) => s.trim()).includes(key)),
      timeoutMs: positiveNumber(env.AI_TIMEOUT_MS) ?? 60_000,
      requestsPerMinute: positiveNumber(env.AI_REQUESTS_PER_MINUTE) ?? 20,
    },
    pglitePorts: {
      base: env.PGLITE_PORT_BASE?.trim() === '0' ? 0 : Math.min(positiveNumber(env.PGLITE_PORT_BASE) ?? 54400, 65535),
      count: positiveNumber(env.PGLITE_PORT_COUNT) ?? 100,
      maxConnections: positiveNumber(env.PGLITE_MAX_CONNECTIONS) ?? 8,
    },
    projectDbPoolSize: Math.min(positiveNumber(env.PROJECT_DB_POOL_SIZE) ?? 10, 100),
    projectDatabases: {
      idleCloseMs: (positiveNumber(env.PROJECT_DB_IDLE_SECONDS) ?? 120) * 1000,
      maxOpenPglite: Math.max(1, Math.floor(positiveNumber(env.PGLITE_MAX_OPEN) ?? 4)),
      pgliteSharedBuffersMb: Math.min(Math.max(Math.floor(positiveNumber(env.PGLITE_SHARED_BUFFERS_MB) ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB), 2), 1024),
    },
    storageS3: str(env.STORAGE_S3_BUCKET)
      ? {
          bucket: str(env.STORAGE_S3_BUCKET)!,
          endpoint: str(env.STORAGE_S3_ENDPOINT),
          region: str(env.STORAGE_S3_REGION) ?? 'us-east-1',
          accessKeyId: str(env.STORAGE_S3_ACCESS_KEY_ID),
          secretAccessKey: str(env.STORAGE_S3_SECRET_ACCESS_KEY),
          forcePathStyle: bool(env.STORAGE_S3_FORCE_PATH_STYLE, false),
        }
      : null,
  }
}

/** The part of a configuration that is safe to hand to the browser. */
export function toPublicConfig(config: ServerConfig): PublicConfig {
  return Object.fromEntries(PUBLIC_CONFIG_KEYS.map((key) => [key, config[key]])) as PublicConfig
}

/** The settings the browser receives; everything else stays on the server. */
const PUBLIC_CONFIG_KEYS = [
  'isPlatform',
  'apiUrl',
  'gotrueUrl',
  'sentryDsn',
  'monacoCdnBaseUrl',
  'ongoingIncident',
  'showNoticeBanner',
  'clockSkewBanner',
  'billingEnabled',
  'remoteFlags',
  'customContent',
  'supportEmail',
] as const satisfies readonly (keyof PublicConfig & keyof ServerConfig)[]

let serverConfig: ServerConfig | null = null

/** Server-side configuration, read once from the environment of the running process. */
export function getServerConfig(): ServerConfig {
  if (typeof window !== 'undefined') throw new Error('getServerConfig() is server-only')
  serverConfig ??= parseConfig(process.env)
  return serverConfig
}

/** Test hook: forget the cached server configuration so the next read sees a new environment. */
export function resetServerConfig(): void {
  serverConfig = null
}

/** Configuration as this side sees it: the injected runtime config in the browser, the env on the server. */
export function getConfig(): PublicConfig {
  if (typeof window !== 'undefined') {
    return window.__DASHBOARD_CONFIG__ ?? toPublicConfig(parseConfig({}))
  }
  return toPublicConfig(getServerConfig())
}

/** The script that hands the public configuration to the browser (`<` escaped: it sits in HTML). */
export function publicConfigScript(): string {
  return `window.__DASHBOARD_CONFIG__=${JSON.stringify(getConfig()).replace(/</g, '\\u003c')};`
}

/** True on the hosted platform (spec §1), false when self-hosted. */
export function isPlatform(): boolean {
  return getConfig().isPlatform
}

/** Absolute or base-path-relative URL of a platform API path, e.g. `/platform/profile`. */
export function platformUrl(path: string): string {
  return `${getConfig().apiUrl}${path.startsWith('/') ? path : `/${path}`}`
}
