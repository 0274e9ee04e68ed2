import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

// Without TRUST_PROXY a client cannot choose its address (and escape per-address limits) by
// sending X-Forwarded-For: the socket's address counts.
describe('client address without a trusted proxy', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
  })
  afterAll(async () => platform?.close())

  it('ignores X-Forwarded-For, so 20 failures from one socket reach the per-address limit', async () => {
    const attempt = (i: number) =>
      fetch(`${platform.gotrueUrl}/token?grant_type=password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `10.9.${i}.1` },
        body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong password' }),
      })
    for (let i = 0; i < 20; i++) expect((await attempt(i)).status).toBe(400)
    const blocked = await attempt(99)
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).msg).toMatch(/^Too many failed sign-in attempts from this address\./)
  })
})
