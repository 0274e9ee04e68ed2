import { COMMON_LOG_FIELDS, LOG_SOURCES, LOG_SOURCE_LABELS, logSourceLabel } from '@/lib/catalogue/log-sources'

describe('log sources (spec §3)', () => {
  it('has the 12 sources, each labelled', () => {
    expect(LOG_SOURCES).toHaveLength(12)
    expect(new Set(LOG_SOURCES).size).toBe(12)
    expect(Object.keys(LOG_SOURCE_LABELS).sort()).toEqual([...LOG_SOURCES].sort())
    expect(LOG_SOURCE_LABELS.edge_logs).toBe('API Gateway')
  })

  it('falls back to the raw name for unknown sources', () => {
    expect(logSourceLabel('postgres_logs')).toBe('Postgres')
    expect(logSourceLabel('mystery_logs')).toBe('mystery_logs')
  })

  it('has the common fields with a nested metadata object', () => {
    expect(COMMON_LOG_FIELDS.map((field) => field.name)).toEqual(['id', 'timestamp', 'event_message', 'identifier', 'metadata'])
    expect(COMMON_LOG_FIELDS.find((field) => field.name === 'timestamp')!.type).toBe('datetime')
    const metadata = COMMON_LOG_FIELDS.find((field) => field.name === 'metadata')!
    expect(metadata.fields!.map((field) => field.name)).toEqual(['status_code', 'method', 'path', 'level'])
  })
})
