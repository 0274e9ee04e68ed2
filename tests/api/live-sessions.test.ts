import { describe, expect, it } from 'vitest'
import { LIVE_SESSION_TTL_MS, forgetSessions, isKnownLive, rememberLive } from '@/server/auth/live-sessions'

describe('live session memory', () => {
  it('remembers a live session for LIVE_SESSION_TTL_MS only', () => {
    rememberLive('s-1', 'u-1', 1_000)
    expect(isKnownLive('s-1', 'u-1', 1_000 + LIVE_SESSION_TTL_MS - 1)).toBe(true)
    expect(isKnownLive('s-1', 'u-1', 1_000 + LIVE_SESSION_TTL_MS)).toBe(false)
    expect(isKnownLive('s-1', 'u-1', 1_000)).toBe(false) // expired entries are dropped
  })

  it('forgets signed-out sessions at once', () => {
    rememberLive('s-2', 'u-2')
    forgetSessions(['s-2'])
    expect(isKnownLive('s-2', 'u-2')).toBe(false)
  })

  it("vouches for a session's own user only", () => {
    rememberLive('s-3', 'u-3', 1_000)
    expect(isKnownLive('s-3', 'someone-else', 1_001)).toBe(false)
    expect(isKnownLive('s-3', 'u-3', 1_001)).toBe(true)
  })
})
