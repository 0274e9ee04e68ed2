import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

describe('platform harness', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform()
  })
  afterAll(async () => platform?.close())

  it('answers unknown endpoints with 404 and a message', async () => {
    const res = await platform.request('/platform/nope')
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('No such endpoint: GET /platform/nope')
  })

  it('ran the migrations once, on the store the tests asked for', async () => {
    expect(platform.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
    const user = await platform.createUser()
    expect(user.token.split('.')).toHaveLength(3)
  })
})
