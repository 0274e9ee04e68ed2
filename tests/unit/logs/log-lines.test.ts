import dayjs from 'dayjs'
import { logsDefaultSearch } from '@/lib/logs/default-query'
import {
  formatLogTimestamp,
  isRecordedLogSource,
  levelOfPostgresSeverity,
  levelOfStatus,
  logLineBadge,
  parseLogSourceFilter,
  RECORDED_LOG_SOURCES,
} from '@/lib/logs/log-lines'

describe('log lines', () => {
  it('formats timestamps as DD MMM YYYY, HH:mm:ss (ZZ) in local time (spec §9)', () => {
    const iso = '2025-05-16T22:05:09.123456Z'
    expect(formatLogTimestamp(iso)).toBe(dayjs(iso).format('DD MMM YYYY, HH:mm:ss (ZZ)'))
    expect(formatLogTimestamp(iso)).toMatch(/^\d{2} May 2025, \d{2}:05:09 \([+-]\d{4}\)$/)
    // Microseconds since the epoch, as some sources give them (spec §3).
    expect(formatLogTimestamp(Date.parse(iso) * 1000)).toBe(formatLogTimestamp(iso))
    expect(formatLogTimestamp('not a date')).toBe('')
  })

  it('records the API gateway, Postgres, PostgREST, project auth, storage and realtime here', () => {
    expect(RECORDED_LOG_SOURCES).toEqual(['edge_logs', 'postgres_logs', 'postgrest_logs', 'auth_logs', 'auth_audit_logs', 'storage_logs', 'realtime_logs', 'function_edge_logs', 'function_logs'])
    expect(isRecordedLogSource('storage_logs')).toBe(true)
    expect(isRecordedLogSource('postgrest_logs')).toBe(true)
    expect(isRecordedLogSource('auth_logs')).toBe(true)
    expect(isRecordedLogSource('auth_audit_logs')).toBe(true)
    expect(isRecordedLogSource('function_logs')).toBe(true)
    expect(isRecordedLogSource('pgbouncer_logs')).toBe(false)
    expect(isRecordedLogSource('postgres_logs')).toBe(true)
  })

  it('derives a level from a status code or a Postgres severity', () => {
    expect([200, 304, 400, 404, 500, 503].map(levelOfStatus)).toEqual(['info', 'info', 'warning', 'warning', 'error', 'error'])
    expect(['LOG', 'NOTICE', 'WARNING', 'ERROR', 'FATAL', 'PANIC'].map(levelOfPostgresSeverity)).toEqual(['info', 'info', 'warning', 'error', 'error', 'error'])
  })

  it('badges a request with its status and a statement with its severity', () => {
    expect(logLineBadge({ level: 'info', metadata: { status_code: 200 } })).toEqual({ label: '200', tone: 'brand' })
    expect(logLineBadge({ level: 'warning', metadata: { status_code: 404 } })).toEqual({ label: '404', tone: 'warning' })
    expect(logLineBadge({ level: 'error', metadata: { status_code: 500 } })).toEqual({ label: '500', tone: 'danger' })
    expect(logLineBadge({ level: 'error', metadata: { level: 'ERROR' } })).toEqual({ label: 'ERROR', tone: 'danger' })
    expect(logLineBadge({ level: 'info', metadata: { level: 'LOG' } })).toEqual({ label: 'LOG', tone: 'default' })
    expect(logLineBadge({ level: 'info', metadata: {} })).toEqual({ label: 'INFO', tone: 'default' })
  })

  it('reads a source filter from untrusted input', () => {
    expect(parseLogSourceFilter('all')).toBe('all')
    expect(parseLogSourceFilter('edge_logs')).toBe('edge_logs')
    expect(parseLogSourceFilter('nope')).toBeNull()
  })

  it('takes the "logs default query" custom content as a string or an object with a search', () => {
    expect(logsDefaultSearch(null)).toBe('')
    expect(logsDefaultSearch('  timeout ')).toBe('timeout')
    expect(logsDefaultSearch({ search: 'status 500' })).toBe('status 500')
    expect(logsDefaultSearch({ query: 'deadlock' })).toBe('deadlock')
    expect(logsDefaultSearch({ sql: 'select 1' })).toBe('')
    expect(logsDefaultSearch(['a'])).toBe('')
    expect(logsDefaultSearch(42)).toBe('')
  })
})
