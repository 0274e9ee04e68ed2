import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from './helpers/platform'

const PATH = '/platform/telemetry/consent-categories'

describe('GET /platform/telemetry/consent-categories (hosted platform)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
  })
  afterAll(async () => platform?.close())

  it('answers without sign-in with every category and its services', async () => {
    const res = await platform.request(PATH)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.map((c: { slug: string }) => c.slug)).toEqual(['necessary', 'analytics', 'marketing'])
    for (const category of res.body) {
      expect(Object.keys(category).sort()).toEqual(['description', 'isEssential', 'label', 'services', 'slug'])
      expect(typeof category.label).toBe('string')
      expect(category.description.length).toBeGreaterThan(20)
      expect(category.services.length).toBeGreaterThan(0)
      for (const service of category.services) {
        expect(typeof service.id).toBe('string')
        expect(['granted', 'denied']).toContain(service.consent.status)
      }
    }
  })

  it('marks only "Strictly necessary" as essential and grants it by default', async () => {
    const res = await platform.request(PATH)
    const essential = res.body.filter((c: { isEssential: boolean }) => c.isEssential)
    expect(essential).toHaveLength(1)
    expect(essential[0].label).toBe('Strictly necessary')
    expect(essential[0].services.every((s: { consent: { status: string } }) => s.consent.status === 'granted')).toBe(true)
    const optional = res.body.filter((c: { isEssential: boolean }) => !c.isEssential)
    expect(optional.map((c: { label: string }) => c.label)).toEqual(['Analytics', 'Marketing'])
    for (const category of optional) {
      expect(category.services.every((s: { consent: { status: string } }) => s.consent.status === 'denied')).toBe(true)
    }
  })

  it('puts the telemetry service the browser checks under Analytics', async () => {
    const res = await platform.request(PATH)
    const analytics = res.body.find((c: { slug: string }) => c.slug === 'analytics')
    expect(analytics.services.map((s: { id: string }) => s.id)).toContain('dashboard-telemetry')
  })

  it('ignores a bearer token that is not valid (no auth needed)', async () => {
    const res = await platform.request(PATH, { token: 'not-a-token' })
    expect(res.status).toBe(200)
  })

  it('rejects other methods with 405 and a message', async () => {
    const res = await platform.request(PATH, { method: 'POST', body: {} })
    expect(res.status).toBe(405)
    expect(res.body.message).toContain('GET')
  })
})

describe('GET /platform/telemetry/consent-categories (self-hosted)', () => {
  let platform: TestPlatform
  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: false })
  })
  afterAll(async () => platform?.close())

  it('answers 404 with a message: there is no telemetry to consent to', async () => {
    const res = await platform.request(PATH)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ message: 'Consent categories are only available on the hosted platform' })
  })
})
