import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sendTelemetryEvent } from '@/hooks/telemetry'
import { parseConfig, toPublicConfig, type PublicConfig } from '@/lib/config'
import { consentStore } from '@/state/consent'
import { server } from '../../msw-server'

const URL = `${window.location.origin}/dashboard/api/platform/telemetry/event`
const EVENT = {
  action: 'feature_preview_enabled',
  properties: { feature: 'dashboard-preview-inline-editor' },
  groups: { project: 'Unknown', organization: 'acme' },
}

function setConfig(overrides: Partial<PublicConfig> = {}) {
  window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), ...overrides }
}

function capture(status = 204) {
  const bodies: unknown[] = []
  server.use(
    http.post(URL, async ({ request }) => {
      bodies.push(await request.json())
      return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json({ message: 'nope' }, { status })
    })
  )
  return bodies
}

beforeEach(() => {
  setConfig()
  consentStore.getState().reload()
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
  vi.restoreAllMocks()
})

describe('sendTelemetryEvent', () => {
  it('posts action, properties and groups once consent was accepted', async () => {
    consentStore.getState().acceptAll()
    const bodies = capture()
    await expect(sendTelemetryEvent(EVENT)).resolves.toBe(true)
    expect(bodies).toEqual([EVENT])
  })

  it('sends nothing while consent is undecided or after opting out', async () => {
    const bodies = capture()
    await expect(sendTelemetryEvent(EVENT)).resolves.toBe(false)
    consentStore.getState().optOut()
    await expect(sendTelemetryEvent(EVENT)).resolves.toBe(false)
    expect(bodies).toHaveLength(0)
  })

  it('sends nothing at all in self-hosted mode, even with consent', async () => {
    setConfig({ isPlatform: false })
    consentStore.getState().acceptAll()
    const bodies = capture()
    await expect(sendTelemetryEvent(EVENT)).resolves.toBe(false)
    expect(bodies).toHaveLength(0)
  })

  it('swallows failures and logs them', async () => {
    consentStore.getState().acceptAll()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    capture(400)
    await expect(sendTelemetryEvent(EVENT)).resolves.toBe(false)
    expect(warn).toHaveBeenCalledWith('[telemetry] could not send feature_preview_enabled', expect.any(Error))
  })

  it('fills missing properties and groups with empty objects', async () => {
    consentStore.getState().acceptAll()
    const bodies = capture()
    await sendTelemetryEvent({ action: 'sign_up' })
    expect(bodies).toEqual([{ action: 'sign_up', properties: {}, groups: {} }])
  })
})
