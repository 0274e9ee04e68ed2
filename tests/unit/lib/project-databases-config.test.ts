import { describe, expect, it } from 'vitest'
import { parseConfig, toPublicConfig } from '@/lib/config'

describe('PROJECT_DB_IDLE_SECONDS, PGLITE_MAX_OPEN, PGLITE_SHARED_BUFFERS_MB', () => {
  it('default to 2 minutes, 4 open PGlite databases and 16 MB of shared buffers', () => {
    expect(parseConfig({}).projectDatabases).toEqual({ idleCloseMs: 120_000, maxOpenPglite: 4, pgliteSharedBuffersMb: 16 })
  })

  it('take valid values, ignore invalid ones and keep shared buffers within 2 MB–1 GB', () => {
    expect(parseConfig({ PROJECT_DB_IDLE_SECONDS: '30', PGLITE_MAX_OPEN: '10', PGLITE_SHARED_BUFFERS_MB: '64' }).projectDatabases).toEqual({
      idleCloseMs: 30_000, maxOpenPglite: 10, pgliteSharedBuffersMb: 64,
    })
    expect(parseConfig({ PROJECT_DB_IDLE_SECONDS: '0', PGLITE_MAX_OPEN: '-1', PGLITE_SHARED_BUFFERS_MB: 'lots' }).projectDatabases).toEqual({
      idleCloseMs: 120_000, maxOpenPglite: 4, pgliteSharedBuffersMb: 16,
    })
    expect(parseConfig({ PGLITE_SHARED_BUFFERS_MB: '1' }).projectDatabases.pgliteSharedBuffersMb).toBe(2)
    expect(parseConfig({ PGLITE_SHARED_BUFFERS_MB: '99999' }).projectDatabases.pgliteSharedBuffersMb).toBe(1024)
  })

  it('stay on the server', () => {
    expect(toPublicConfig(parseConfig({ PROJECT_DB_IDLE_SECONDS: '30' }))).not.toHaveProperty('projectDatabases')
  })
})
