import {
  BYTE_UNITS,
  formatBytes,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatIsoDateTime,
  formatShortDate,
} from '@/lib/formatting'

describe('formatCurrency (spec §9)', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [-0, '$0.00'],
    [25, '$25.00'],
    [599, '$599.00'],
    [0.01, '$0.01'],
    [0.125, '$0.13'],
    [0.01344, '$0.01'],
    [1_000_000, '$1,000,000.00'],
    [-42.5, '-$42.50'],
    [19.999, '$20.00'],
  ])('formats %d as %s', (amount, expected) => {
    expect(formatCurrency(amount)).toBe(expected)
  })

  it.each([
    [0.00325, '$0.00325'],
    [0.001, '$0.001'],
    [0.005, '$0.005'],
    [0.0099, '$0.0099'],
    [-0.005, '-$0.005'],
    [0.00325 * 3, '$0.00975'],
  ])('keeps the digits of a sub-cent amount %d (%s)', (amount, expected) => {
    expect(formatCurrency(amount)).toBe(expected)
  })
})

describe('formatBytes (spec §9)', () => {
  it('uses 1024-based units', () => {
    expect(BYTE_UNITS).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB'])
    expect(formatBytes(1024)).toBe('1 KB')
    expect(formatBytes(1048576)).toBe('1 MB')
    expect(formatBytes(1073741824)).toBe('1 GB')
    expect(formatBytes(1024 ** 4)).toBe('1 TB')
    expect(formatBytes(1024 ** 5)).toBe('1 PB')
  })

  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1536, '1.5 KB'],
    [1000, '1000 B'],
    [1_500_000, '1.43 MB'],
    [500 * 1024 * 1024, '500 MB'],
    [0.5, '0.5 B'],
    [-2048, '-2 KB'],
  ])('formats %d as %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected)
  })

  it('honours the decimals argument', () => {
    expect(formatBytes(1_500_000, 0)).toBe('1 MB')
    expect(formatBytes(1_500_000, 4)).toBe('1.4305 MB')
    expect(formatBytes(1536, -1)).toBe('2 KB')
  })

  it('stays in petabytes beyond them', () => {
    expect(formatBytes(1024 ** 6)).toBe('1024 PB')
  })

  it('shows a dash for non-finite input', () => {
    expect(formatBytes(Number.NaN)).toBe('-')
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('-')
  })
})

describe('formatDate (spec §9)', () => {
  // Built in local time so the expectations hold in any time zone.
  const local = new Date(2025, 4, 16, 22, 5, 9)

  function offset(date: Date, separator: string): string {
    const minutes = -date.getTimezoneOffset()
    const sign = minutes >= 0 ? '+' : '-'
    const abs = Math.abs(minutes)
    const hh = String(Math.floor(abs / 60)).padStart(2, '0')
    const mm = String(abs % 60).padStart(2, '0')
    return `${sign}${hh}${separator}${mm}`
  }

  it('formats the short date of the grace-period banner', () => {
    expect(formatShortDate(local)).toBe('16 May, 2025')
    expect(formatDate(local, 'DD MMM, YYYY')).toBe('16 May, 2025')
    expect(formatShortDate(new Date(2024, 0, 3))).toBe('03 Jan, 2024')
  })

  it('formats the human date-time with its offset', () => {
    expect(formatDateTime(local)).toBe(`16 May 2025, 22:05:09 (${offset(local, '')})`)
    expect(formatDate(local)).toBe(formatDateTime(local))
  })

  it('formats the ISO date-time with its offset', () => {
    expect(formatIsoDateTime(local)).toBe(`2025-05-16T22:05:09${offset(local, ':')}`)
  })

  it('accepts strings and timestamps', () => {
    expect(formatShortDate('2025-05-16T12:00:00')).toBe('16 May, 2025')
    expect(formatShortDate(local.getTime())).toBe('16 May, 2025')
  })

  it('gives an empty string for missing or invalid dates', () => {
    expect(formatShortDate(null)).toBe('')
    expect(formatShortDate(undefined)).toBe('')
    expect(formatShortDate('')).toBe('')
    expect(formatShortDate('not a date')).toBe('')
  })
})
