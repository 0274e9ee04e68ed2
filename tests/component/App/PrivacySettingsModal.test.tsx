import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PrivacySettingsModal } from '@/components/interfaces/App/Consent/PrivacySettingsModal'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { consentStore, hasAcceptedConsent } from '@/state/consent'
import { CONSENT_STORAGE_KEY } from '@/state/consent.storage'
import { server } from '../../msw-server'
import { CATEGORIES, CONSENT_CATEGORIES_URL, withQueryClient } from './consent-fixtures'

beforeEach(() => {
  window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig({}))
  consentStore.getState().reload()
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

function serveCategories() {
  server.use(http.get(CONSENT_CATEGORIES_URL, () => HttpResponse.json(CATEGORIES)))
}

describe('PrivacySettingsModal', () => {
  it('shows one toggle per category; essential ones are on and disabled', async () => {
    serveCategories()
    render(withQueryClient(<PrivacySettingsModal open onOpenChange={() => {}} />))
    const dialog = screen.getByRole('dialog', { name: 'Privacy settings' })
    const essential = await within(dialog).findByRole('switch', { name: 'Strictly necessary' })
    expect(essential).toBeDisabled()
    expect(essential).toHaveAttribute('aria-checked', 'true')
    expect(within(dialog).getAllByRole('switch')).toHaveLength(3)
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toBeEnabled()
    expect(within(dialog).getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'false')
    expect(within(dialog).getByRole('switch', { name: 'Marketing' })).toHaveAttribute('aria-checked', 'false')
    expect(within(dialog).getByText('Keeps you signed in.')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', '/dashboard/privacy')
  })

  it('clicking an essential toggle changes nothing', async () => {
    const user = userEvent.setup()
    serveCategories()
    render(withQueryClient(<PrivacySettingsModal open onOpenChange={() => {}} />))
    const essential = await screen.findByRole('switch', { name: 'Strictly necessary' })
    await user.click(essential)
    expect(essential).toHaveAttribute('aria-checked', 'true')
  })

  it('Confirm saves the status of every service from the category toggles', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    serveCategories()
    render(withQueryClient(<PrivacySettingsModal open onOpenChange={onOpenChange} />))
    await user.click(await screen.findByRole('switch', { name: 'Analytics' }))
    expect(screen.getByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'true')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))

    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(consentStore.getState().decision).toBe('custom')
    expect(consentStore.getState().services).toEqual({
      'dashboard-session': 'granted',
      'dashboard-telemetry': 'granted',
      performance: 'granted',
      'marketing-attribution': 'denied',
    })
    expect(hasAcceptedConsent()).toBe(true)
    expect(JSON.parse(localStorage.getItem(CONSENT_STORAGE_KEY) ?? 'null').services['marketing-attribution']).toBe('denied')
  })

  it('starts from the choice made earlier', async () => {
    consentStore.getState().acceptAll()
    serveCategories()
    render(withQueryClient(<PrivacySettingsModal open onOpenChange={() => {}} />))
    expect(await screen.findByRole('switch', { name: 'Analytics' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByRole('switch', { name: 'Marketing' })).toHaveAttribute('aria-checked', 'true')
  })

  it('warns "Unable to Load Privacy Settings" when the categories fail to load', async () => {
    server.use(http.get(CONSENT_CATEGORIES_URL, () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    render(withQueryClient(<PrivacySettingsModal open onOpenChange={() => {}} />))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Unable to Load Privacy Settings')
    expect(alert).toHaveTextContent(/ad blocker/)
    expect(alert).toHaveTextContent(/network error/)
    expect(screen.queryByRole('switch')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled()
  })

  it('does not ask the platform while closed', () => {
    render(withQueryClient(<PrivacySettingsModal open={false} onOpenChange={() => {}} />))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
