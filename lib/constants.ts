/**
 * Business constants and limits of the dashboard (spec §9 unless noted otherwise).
 * Pure values only: nothing here reads the environment (that is `lib/config`).
 */

// ---------------------------------------------------------------------------
// Query cache (spec §9, §7)
// ---------------------------------------------------------------------------

/** Default freshness of any query that does not name its own. */
export const DEFAULT_STALE_TIME_MS = 60_000
/** Profile, organizations, project list and overdue invoices stay fresh 30 minutes. */
export const PROFILE_STALE_TIME_MS = 1_800_000
export const ORGANIZATIONS_STALE_TIME_MS = 1_800_000
export const PROJECTS_STALE_TIME_MS = 1_800_000
export const OVERDUE_INVOICES_STALE_TIME_MS = 1_800_000
export const PROJECT_DETAIL_STALE_TIME_MS = 30_000
export const PERMISSIONS_STALE_TIME_MS = 300_000

/** spec §4: while a project is coming up, its detail refetches every 5 s. */
export const PROJECT_DETAIL_POLL_INTERVAL_MS = 5_000

// ---------------------------------------------------------------------------
// Query retry (spec §7)
// ---------------------------------------------------------------------------

export const QUERY_MAX_RETRIES = 3
export const QUERY_RETRY_BASE_DELAY_MS = 1_000
export const QUERY_RETRY_MAX_DELAY_MS = 30_000
/** spec §7: default timeout of the HEAD helper. */
export const HEAD_REQUEST_TIMEOUT_MS = 60_000

// ---------------------------------------------------------------------------
// Clock skew (spec §4, §9)
// ---------------------------------------------------------------------------

/** The banner shows when local and server clocks differ by more than this. */
export const CLOCK_SKEW_THRESHOLD_MS = 120_000
export const CLOCK_SKEW_RECHECK_INTERVAL_MS = 1_800_000

// ---------------------------------------------------------------------------
// AI assistant (spec §9)
// ---------------------------------------------------------------------------

export const ASSISTANT_SAVE_DEBOUNCE_MS = 500
export const ASSISTANT_MAX_MESSAGES_PER_CHAT = 20
export const ASSISTANT_DEFAULT_CHAT_NAME = 'New chat'

// ---------------------------------------------------------------------------
// UI timings and sizes (spec §9)
// ---------------------------------------------------------------------------

export const TOAST_DURATION_MS = 4_000
export const TOAST_VISIBLE_MAX = 3
export const TOAST_POSITION = 'bottom-right' as const

export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300
export const TOOLTIP_SIDE_OFFSET_PX = 4

export const SCROLLBAR_HIDE_DELAY_MS = 600
export const SCROLLBAR_THUMB_MIN_PX = 18

/** Widths at or below this many pixels count as mobile (spec §2: consent toast goes full width). */
export const MOBILE_BREAKPOINT_PX = 639

/** spec §4: "Copied" shows for 2 s. */
export const COPY_FEEDBACK_MS = 2_000
/** spec §4: a toggle's blur notifies the form after 100 ms. */
export const TOGGLE_BLUR_DELAY_MS = 100

export const DIALOG_SIZES = ['tiny', 'small', 'medium', 'large', 'xlarge', 'xxlarge', 'xxxlarge'] as const
export type DialogSize = (typeof DIALOG_SIZES)[number]
export const DEFAULT_DIALOG_SIZE: DialogSize = 'medium'

// ---------------------------------------------------------------------------
// Passwords (spec §5)
// ---------------------------------------------------------------------------

export const MAX_PASSWORD_LENGTH = 99
export const MIN_PASSWORD_SCORE = 4

// ---------------------------------------------------------------------------
// Sizes, dates, money (spec §9)
// ---------------------------------------------------------------------------

export const KIB = 1_024
export const MIB = KIB * KIB
export const GIB = MIB * KIB

/** Share of a quota after which usage is shown as a warning (e.g. usage bars turn amber at 75 %). */
export const USAGE_WARNING_RATIO = 0.75

/** ISO-like timestamp used when sending dates to the platform. */
export const DATETIME_FORMAT = 'YYYY-MM-DDTHH:mm:ssZ'
/** Human timestamp with the UTC offset, e.g. in logs and invoices. */
export const DATETIME_DISPLAY_FORMAT = 'DD MMM YYYY, HH:mm:ss (ZZ)'
/** spec §8: grace-period banner date. */
export const BANNER_DATE_FORMAT = 'DD MMM, YYYY'

export const CURRENCY = 'USD'
export const CURRENCY_DECIMALS = 2

// ---------------------------------------------------------------------------
// Error reporting (spec §8)
// ---------------------------------------------------------------------------

export const ERROR_REPORT_SAMPLE_RATE = 0.2

// ---------------------------------------------------------------------------
// Database (spec §5)
// ---------------------------------------------------------------------------

export const EXCLUDED_SCHEMAS = ['information_schema', 'pg_catalog', 'pg_toast'] as const

/** The platform's own schema in every project database (the SQL jail, issue 9): never the user's. */
export const PLATFORM_SCHEMA = 'platform_jail'

/** Schemas no screen lists: spec §5's excluded ones and the platform's own. */
export const HIDDEN_SCHEMAS = [...EXCLUDED_SCHEMAS, PLATFORM_SCHEMA] as const

// ---------------------------------------------------------------------------
// Outage notice (spec §4, §8)
// ---------------------------------------------------------------------------

export const OUTAGE_NOTICE = {
  startsAt: '2025-05-16T22:00:00Z',
  endsAt: '2025-05-16T23:00:00Z',
  /** Dated so that a future notice is not hidden by this one's dismissal. */
  dismissalKey: 'outage-notice-dismissed-2025-05-16',
} as const

// ---------------------------------------------------------------------------
// Shell (spec §1)
// ---------------------------------------------------------------------------

/** Meta key (Cmd on macOS, Ctrl elsewhere) plus K opens the command menu. */
export const COMMAND_MENU_SHORTCUT = { key: 'k', metaKey: true } as const

export const THEMES = ['light', 'dark', 'classic-dark'] as const
/** A theme, or following the system's. */
export type ThemeChoice = 'system' | (typeof THEMES)[number]
export type Theme = (typeof THEMES)[number]
export type ThemePreference = Theme | 'system'
export const DEFAULT_THEME: ThemePreference = 'system'

/** monaco-editor version loaded from the CDN on the hosted platform (spec §9). */
export const CODE_EDITOR_VERSION = '0.52.2'

// ---------------------------------------------------------------------------
// Plans (spec §9)
// ---------------------------------------------------------------------------

export const FREE_PLAN_ACTIVE_PROJECT_LIMIT = 2

// ---------------------------------------------------------------------------
// Support form
// ---------------------------------------------------------------------------

/** Longest support subject and message the form and the platform accept. */
export const SUPPORT_SUBJECT_MAX_LENGTH = 200
export const SUPPORT_MESSAGE_MAX_LENGTH = 10_000

/** Longest organization name the forms accept. */
export const ORGANIZATION_NAME_MAX_LENGTH = 64

/** Refs are lower-case letters, digits and hyphens: safe in a path, a host name and a role name. */
export const PROJECT_REF_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/
