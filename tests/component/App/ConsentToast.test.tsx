import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConsentToast } from '@/components/interfaces/App/Consent/ConsentToast'
import { parseConfig, toPublicConfig, type PublicConfig } from '@/lib/config'
import { consentStore, hasAcceptedConsent } from '@/state/consent'
import { CONSENT_STORAGE_KEY, TELEMETRY_DATA_COOKIE } from '@/state/consent.storage'
import { server } from '../../msw-server'
import { CATEGORIES, CONSENT_CATEGORIES_URL, withQueryClient } from './consent-fixtures'

function setConfig(overrides: Partial<PublicConfig> = {}) {
  window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), ...overrides }
}

const TOAST_TEXT = /We use cookies to collect data/

beforeEach(() => {
  setConfig()
  consentStore.getState().reload()
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
  vi.useRealTimers()
  document.cookie = `${TELEMETRY_DATA_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
})

describe('ConsentToast', () => {
  it('asks while undecided: cookies collect data; Accept, Opt out, Privacy settings', () => {
    render(withQueryClient(<ConsentToast />))
    const toast = screen.getByRole('region', { name: 'Cookie consent' })
    expect(toast).toHaveTextContent(TOAST_TEXT)
    expect(within(toast).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept', 'Opt out', 'Privacy settings'])
  })

  it('Accept grants consent, is remembered and dismisses the toast', async () => {
    const user = userEvent.setup()
    render(withQueryClient(<ConsentToast />))
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument()
    expect(hasAcceptedConsent()).toBe(true)
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null')).toEqual({ decision: 'accepted', services: {} })
  })

  it('Opt out denies consent, deletes the telemetry data cookie and dismisses the toast', async () => {
    const user = userEvent.setup()
    document.cookie = `${TELEMETRY_DATA_COOKIE}=anon-42; path=/`
    render(withQueryClient(<ConsentToast />))
    await user.click(screen.getByRole('button', { name: 'Opt out' }))
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument()
    expect(hasAcceptedConsent()).toBe(false)
    expect(consentStore.getState().decision).toBe('opted_out')
    expect(document.cookie).not.toContain(TELEMETRY_DATA_COOKIE)
  })

  it('never dismisses itself', () => {
    vi.useFakeTimers()
    render(withQueryClient(<ConsentToast />))
    act(() => {
      vi.advanceTimersByTime(10 * 60_000)
    })
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeInTheDocument()
  })

  it('is not shown once a choice was made earlier', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ decision: 'opted_out', services: {} }))
    consentStore.getState().reload()
    render(withQueryClient(<ConsentToast />))
    expect(screen.queryByText(TOAST_TEXT)).not.toBeInTheDocument()
  })

  it('is absent in self-hosted mode', () => {
    setConfig({ isPlatform: false })
    render(withQueryClient(<ConsentToast />))
    expect(screen.queryByText(TOAST_TEXT)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
  })

  it('Privacy settings opens the privacy settings; Confirm there dismisses the toast', async () => {
    const user = userEvent.setup()
    server.use(http.get(CONSENT_CATEGORIES_URL, () => HttpResponse.json(CATEGORIES)))
    render(withQueryClient(<ConsentToast />))
    await user.click(screen.getByRole('button', { name: 'Privacy settings' }))
    const dialog = await screen.findByRole('dialog', { name: 'Privacy settings' })
    await within(dialog).findByRole('switch', { name: 'Analytics' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument()
    expect(consentStore.getState().decision).toBe('custom')
  })
})
