import * as constants from '@/lib/constants'

describe('lib/constants (spec §9)', () => {
  it('caches queries for the times the spec gives', () => {
    expect(constants.DEFAULT_STALE_TIME_MS).toBe(60_000)
    expect(constants.PROFILE_STALE_TIME_MS).toBe(1_800_000)
    expect(constants.ORGANIZATIONS_STALE_TIME_MS).toBe(1_800_000)
    expect(constants.PROJECTS_STALE_TIME_MS).toBe(1_800_000)
    expect(constants.OVERDUE_INVOICES_STALE_TIME_MS).toBe(1_800_000)
    expect(constants.PROJECT_DETAIL_STALE_TIME_MS).toBe(30_000)
    expect(constants.PERMISSIONS_STALE_TIME_MS).toBe(300_000)
    expect(constants.PROJECT_DETAIL_POLL_INTERVAL_MS).toBe(5_000)
  })

  it('retries and times out as spec §7 says', () => {
    expect(constants.QUERY_MAX_RETRIES).toBe(3)
    expect(constants.QUERY_RETRY_BASE_DELAY_MS).toBe(1_000)
    expect(constants.QUERY_RETRY_MAX_DELAY_MS).toBe(30_000)
    expect(constants.HEAD_REQUEST_TIMEOUT_MS).toBe(60_000)
  })

  it('checks clock skew at 2 minutes every 30 minutes', () => {
    expect(constants.CLOCK_SKEW_THRESHOLD_MS).toBe(120_000)
    expect(constants.CLOCK_SKEW_RECHECK_INTERVAL_MS).toBe(1_800_000)
  })

  it('holds assistant, toast, tooltip, scrollbar and breakpoint values', () => {
    expect(constants.ASSISTANT_SAVE_DEBOUNCE_MS).toBe(500)
    expect(constants.ASSISTANT_MAX_MESSAGES_PER_CHAT).toBe(20)
    expect(constants.TOAST_DURATION_MS).toBe(4000)
    expect(constants.TOAST_VISIBLE_MAX).toBe(3)
    expect(constants.TOAST_POSITION).toBe('bottom-right')
    expect(constants.TOOLTIP_DELAY_MS).toBe(700)
    expect(constants.TOOLTIP_SKIP_DELAY_MS).toBe(300)
    expect(constants.TOOLTIP_SIDE_OFFSET_PX).toBe(4)
    expect(constants.SCROLLBAR_HIDE_DELAY_MS).toBe(600)
    expect(constants.SCROLLBAR_THUMB_MIN_PX).toBe(18)
    expect(constants.MOBILE_BREAKPOINT_PX).toBe(639)
  })

  it('lists the dialog sizes with medium as default', () => {
    expect(constants.DIALOG_SIZES).toEqual(['tiny', 'small', 'medium', 'large', 'xlarge', 'xxlarge', 'xxxlarge'])
    expect(constants.DEFAULT_DIALOG_SIZE).toBe('medium')
  })

  it('limits passwords', () => {
    expect(constants.MAX_PASSWORD_LENGTH).toBe(99)
    expect(constants.MIN_PASSWORD_SCORE).toBe(4)
  })

  it('uses 1024-based byte units', () => {
    expect(constants.KIB).toBe(1024)
    expect(constants.MIB).toBe(1_048_576)
    expect(constants.GIB).toBe(1_073_741_824)
    expect(constants.GIB).toBe(constants.MIB * constants.KIB)
    expect(constants.USAGE_WARNING_RATIO).toBe(0.75)
  })

  it('formats dates and money', () => {
    expect(constants.DATETIME_FORMAT).toBe('YYYY-MM-DDTHH:mm:ssZ')
    expect(constants.DATETIME_DISPLAY_FORMAT).toBe('DD MMM YYYY, HH:mm:ss (ZZ)')
    expect(constants.BANNER_DATE_FORMAT).toBe('DD MMM, YYYY')
    expect(constants.CURRENCY).toBe('USD')
    expect(constants.CURRENCY_DECIMALS).toBe(2)
  })

  it('holds error reporting, schemas, shell and plan values', () => {
    expect(constants.ERROR_REPORT_SAMPLE_RATE).toBe(0.2)
    expect(constants.EXCLUDED_SCHEMAS).toEqual(['information_schema', 'pg_catalog', 'pg_toast'])
    expect(constants.COMMAND_MENU_SHORTCUT).toEqual({ key: 'k', metaKey: true })
    expect(constants.THEMES).toEqual(['light', 'dark', 'classic-dark'])
    expect(constants.DEFAULT_THEME).toBe('system')
    expect(constants.CODE_EDITOR_VERSION).toBe('0.52.2')
    expect(constants.FREE_PLAN_ACTIVE_PROJECT_LIMIT).toBe(2)
  })

  it('describes the one-hour outage of 16 May 2025 with a dated dismissal key', () => {
    const start = new Date(constants.OUTAGE_NOTICE.startsAt)
    const end = new Date(constants.OUTAGE_NOTICE.endsAt)
    expect(start.toISOString()).toBe('2025-05-16T22:00:00.000Z')
    expect(end.getTime() - start.getTime()).toBe(60 * 60 * 1000)
    expect(constants.OUTAGE_NOTICE.dismissalKey).toContain('2025-05-16')
  })
})
