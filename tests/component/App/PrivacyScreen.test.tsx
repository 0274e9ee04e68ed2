import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { PrivacyScreen } from '@/components/interfaces/App/Consent/PrivacyScreen'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '../../msw-server'
import { CATEGORIES, CONSENT_CATEGORIES_URL, withQueryClient } from './consent-fixtures'

describe('PrivacyScreen (/privacy, the "Learn more" of the privacy settings)', () => {
  afterEach(() => {
    delete window.__DASHBOARD_CONFIG__
  })

  it('lists what each category collects and opens the privacy settings', async () => {
    server.use(http.get(CONSENT_CATEGORIES_URL, () => HttpResponse.json(CATEGORIES)))
    render(withQueryClient(<PrivacyScreen />))
    expect(await screen.findByRole('heading', { name: /Strictly necessary/ })).toHaveTextContent('Always on')
    expect(screen.getByText('Which screens are used.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Privacy settings' }))
    expect(await screen.findByRole('switch', { name: 'Analytics' })).toBeInTheDocument()
  })

  it('warns when the categories cannot be loaded', async () => {
    server.use(http.get(CONSENT_CATEGORIES_URL, () => HttpResponse.json({ message: 'boom' }, { status: 500 })))
    render(withQueryClient(<PrivacyScreen />))
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to Load Privacy Settings')
  })

  it('says nothing is collected when self-hosted, without asking the platform', () => {
    window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig({ IS_PLATFORM: 'false' }))
    render(withQueryClient(<PrivacyScreen />))
    expect(screen.getByText('No data is collected')).toBeInTheDocument()
  })
})
