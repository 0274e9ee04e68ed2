import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { GlobalBanners } from '@/components/interfaces/App/Banners/GlobalBanners'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '../../msw-server'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/org/[slug]', query: {}, asPath: '/org/x' }) }))

function renderBanners(env: Record<string, string>, props: { platformUnreachable?: boolean } = {}) {
  window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig(env))
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <GlobalBanners {...props} />
    </QueryClientProvider>
  )
}

const CLOCK_TEXT = "Your computer's clock appears to be inaccurate. This can cause issues with certain features."

describe('GlobalBanners', () => {
  afterEach(() => {
    delete window.__DASHBOARD_CONFIG__
  })

  it('shows the clock banner when the server clock is 3 minutes away', async () => {
    server.use(http.get('*/dashboard/api/get-utc-time', () => HttpResponse.json({ utcTime: new Date(Date.now() + 180_000).toISOString() })))
    renderBanners({})
    expect(await screen.findByText(CLOCK_TEXT, { exact: false })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'More information' })).toBeInTheDocument()
  })

  it('stays quiet when the clocks agree', async () => {
    let asked = false
    server.use(
      http.get('*/dashboard/api/get-utc-time', () => {
        asked = true
        return HttpResponse.json({ utcTime: new Date().toISOString() })
      })
    )
    renderBanners({})
    await waitFor(() => expect(asked).toBe(true))
    expect(screen.queryByText(CLOCK_TEXT, { exact: false })).not.toBeInTheDocument()
  })

  it('shows the incident banner only with its flag', () => {
    renderBanners({ CLOCK_SKEW_BANNER: 'false', ONGOING_INCIDENT: 'true' })
    expect(screen.getByText('We are currently investigating a technical issue')).toBeInTheDocument()
    expect(screen.getByText('Follow status page for updates')).toBeInTheDocument()
  })

  it('remembers the outage notice dismissal under its dated key', async () => {
    renderBanners({ CLOCK_SKEW_BANNER: 'false', SHOW_NOTICE_BANNER: 'true' })
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(/22:00 to 23:00 UTC/)).not.toBeInTheDocument()
    expect(localStorage.getItem('outage-notice-dismissed-2025-05-16')).toBe('true')
  })

  it('stores the middleware outage acknowledgement as true', async () => {
    renderBanners({ CLOCK_SKEW_BANNER: 'false' }, { platformUnreachable: true })
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }))
    expect(localStorage.getItem('middleware-outage-banner-acknowledged')).toBe('true')
    expect(screen.queryByText('Some dashboard services are unreachable')).not.toBeInTheDocument()
  })
})
