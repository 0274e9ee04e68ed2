/** Display formats for money, sizes and dates (spec §9). */
import dayjs from 'dayjs'
import {
  BANNER_DATE_FORMAT,
  CURRENCY,
  CURRENCY_DECIMALS,
  DATETIME_DISPLAY_FORMAT,
  DATETIME_FORMAT,
} from '@/lib/constants'

/** 1024-based byte units, smallest first (spec §9). */
export const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const

const USD_CENTS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
})

// Sub-cent prices such as $0.00325 per MAU: no fixed decimals, and a significant-digit cap so
// binary floating-point noise (0.00325 is stored as 0.0032500000000000000694…) never shows.
const USD_SUB_CENT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: 0,
  maximumSignificantDigits: 6,
})

/** Formats US dollars with 2 decimals, e.g. $1,234.50; non-zero amounts under a cent keep their digits ($0.00325). */
export function formatCurrency(amount: number): string {
  // spec §9: USD with 2 decimals; amounts under one cent have no fixed minimum decimals
  const value = Object.is(amount, -0) ? 0 : amount
  if (value !== 0 && Math.abs(value) < 10 ** -CURRENCY_DECIMALS) return USD_SUB_CENT.format(value)
  return USD_CENTS.format(value)
}

/** Formats a byte count with 1024-based units, e.g. 1536 → "1.5 KB"; non-finite input gives "-". */
export function formatBytes(bytes: number, decimals = 2): string {
  // spec §9: 1024-based byte units
  if (!Number.isFinite(bytes)) return '-'
  if (bytes === 0) return '0 B'
  const digits = Math.max(0, Math.floor(decimals))
  const exponent = Math.min(
    BYTE_UNITS.length - 1,
    Math.max(0, Math.floor(Math.log(Math.abs(bytes)) / Math.log(1024)))
  )
  const scaled = Number.parseFloat((bytes / 1024 ** exponent).toFixed(digits))
  return `${scaled} ${BYTE_UNITS[exponent]}`
}

/** Formats a date with a dayjs format in local time; a missing or invalid date gives "". */
export function formatDate(value: dayjs.ConfigType, format: string = DATETIME_DISPLAY_FORMAT): string {
  if (value === null || value === undefined || value === '') return ''
  const date = dayjs(value)
  return date.isValid() ? date.format(format) : ''
}

/** Formats a date as `DD MMM, YYYY`, e.g. 16 May, 2025 (grace-period banner). */
export function formatShortDate(value: dayjs.ConfigType): string {
  return formatDate(value, BANNER_DATE_FORMAT)
}

/** Formats a date as `DD MMM YYYY, HH:mm:ss (ZZ)`. */
export function formatDateTime(value: dayjs.ConfigType): string {
  return formatDate(value, DATETIME_DISPLAY_FORMAT)
}

/** Formats a date as `YYYY-MM-DDTHH:mm:ssZ`. */
export function formatIsoDateTime(value: dayjs.ConfigType): string {
  return formatDate(value, DATETIME_FORMAT)
}
