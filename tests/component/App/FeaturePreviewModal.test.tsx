import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FeaturePreviewModal } from '@/components/interfaces/App/FeaturePreview/FeaturePreviewModal'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { parseConfig, toPublicConfig, type PublicConfig } from '@/lib/config'
import { consentStore } from '@/state/consent'
import { featurePreviewStore } from '@/state/feature-previews'
import { server } from '../../msw-server'
import { currentQuery, replace, setRoute } from './feature-preview-router'

vi.mock('next/router', async () => {
  const mock = await import('./feature-preview-router')
  return { useRouter: mock.useRouter }
})

const TELEMETRY_URL = `${window.location.origin}/dashboard/api/platform/telemetry/event`
const ALL_FLAGS_ON = { gitlessBranching: true, advisorRules: true, unifiedLogs: true }

function setConfig(overrides: Partial<PublicConfig> = {}) {
  window.__DASHBOARD_CONFIG__ = { ...toPublicConfig(parseConfig({})), ...overrides }
}

/** Records telemetry bodies the modal sends. */
function captureTelemetry() {
  const bodies: unknown[] = []
  server.use(
    http.post(TELEMETRY_URL, async ({ request }) => {
      bodies.push(await request.json())
      return new HttpResponse(null, { status: 204 })
    })
  )
  return bodies
}

beforeEach(() => {
  setConfig()
  setRoute('/project/[ref]', { ref: 'abcdefghijklmnop', featurePreviewModal: FEATURE_PREVIEW_KEYS.inlineEditor })
  featurePreviewStore.getState().reload()
  consentStore.getState().reload()
})
afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

describe('FeaturePreviewModal', () => {
  it('stays closed without the featurePreviewModal query parameter', () => {
    setRoute('/project/[ref]', { ref: 'abc' })
    render(<FeaturePreviewModal />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('opens on the preview named by the parameter, with a 280 × 550 list', () => {
    render(<FeaturePreviewModal />)
    const dialog = screen.getByRole('dialog', { name: 'Dashboard feature previews' })
    const list = within(dialog).getByRole('navigation', { name: 'Feature previews' })
    expect(list).toHaveStyle({ width: '280px', height: '550px' })
    const items = within(list).getAllByRole('button')
    expect(items.map((item) => item.textContent)).toEqual([
      'Inline editing of database entities (disabled)',
      'Project API documentation (disabled)',
      'Column-level privileges (disabled)',
    ])
    expect(within(list).getByRole('button', { name: /Inline editing of database entities/ })).toHaveAttribute('aria-current', 'true')
    expect(within(dialog).getByRole('heading', { name: 'Inline editing of database entities' })).toBeInTheDocument()
    expect(within(dialog).getByText(/Edit policies, functions and triggers in a SQL editor/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Enable feature' })).toBeInTheDocument()
  })

  it('selects the first listed preview when the parameter names none of them', () => {
    setRoute('/org/[slug]', { slug: 'acme', featurePreviewModal: 'nonsense' })
    render(<FeaturePreviewModal />)
    expect(screen.getByRole('heading', { name: 'Inline editing of database entities' })).toBeInTheDocument()
  })

  it('shows Give feedback only when the preview has a discussions URL', async () => {
    const user = userEvent.setup()
    render(<FeaturePreviewModal />)
    const feedback = screen.getByRole('link', { name: 'Give feedback' })
    expect(feedback.getAttribute('href')).toMatch(/^https:\/\/github\.com\/orgs\/supabase\/discussions/)

    await user.click(screen.getByRole('button', { name: /Project API documentation/ }))
    expect(screen.getByRole('heading', { name: 'Project API documentation' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Give feedback' })).not.toBeInTheDocument()
  })

  it('selecting another preview updates the parameter shallowly and keeps the others', async () => {
    const user = userEvent.setup()
    render(<FeaturePreviewModal />)
    await user.click(screen.getByRole('button', { name: /Column-level privileges/ }))
    expect(replace).toHaveBeenLastCalledWith(
      { pathname: '/project/[ref]', query: { ref: 'abcdefghijklmnop', featurePreviewModal: FEATURE_PREVIEW_KEYS.columnLevelSecurity } },
      undefined,
      { shallow: true }
    )
    expect(screen.getByRole('heading', { name: 'Column-level privileges' })).toBeInTheDocument()
  })

  it('closing removes the parameter', async () => {
    const user = userEvent.setup()
    render(<FeaturePreviewModal />)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(currentQuery()).toEqual({ ref: 'abcdefghijklmnop' })
    expect(replace).toHaveBeenLastCalledWith({ pathname: '/project/[ref]', query: { ref: 'abcdefghijklmnop' } }, undefined, { shallow: true })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows the New badge only for new previews', async () => {
    const user = userEvent.setup()
    setConfig({ remoteFlags: ALL_FLAGS_ON })
    render(<FeaturePreviewModal />)
    const detail = () => screen.getByRole('region', { name: /./ })
    expect(within(detail()).queryByText('New')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Branching via dashboard/ }))
    expect(within(detail()).getByText('New')).toBeInTheDocument()
  })

  it('enabling sends feature_preview_enabled grouped as Unknown, saves the flag and marks it on', async () => {
    const user = userEvent.setup()
    consentStore.getState().acceptAll()
    const bodies = captureTelemetry()
    render(<FeaturePreviewModal />)

    await user.click(screen.getByRole('button', { name: 'Enable feature' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toEqual({
      action: 'feature_preview_enabled',
      properties: { feature: FEATURE_PREVIEW_KEYS.inlineEditor },
      groups: { project: 'Unknown', organization: 'Unknown' },
    })
    expect(screen.getByRole('button', { name: 'Disable feature' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Inline editing of database entities (enabled)' })).toBeInTheDocument()
    expect(localStorage.getItem(FEATURE_PREVIEW_KEYS.inlineEditor)).toBe('true')
  })

  it('disabling sends feature_preview_disabled grouped by project ref and organization slug', async () => {
    const user = userEvent.setup()
    consentStore.getState().acceptAll()
    featurePreviewStore.getState().setEnabled(FEATURE_PREVIEW_KEYS.inlineEditor, true)
    const bodies = captureTelemetry()
    render(<FeaturePreviewModal projectRef="abcdefghijklmnop" organizationSlug="acme" />)

    await user.click(screen.getByRole('button', { name: 'Disable feature' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toEqual({
      action: 'feature_preview_disabled',
      properties: { feature: FEATURE_PREVIEW_KEYS.inlineEditor },
      groups: { project: 'abcdefghijklmnop', organization: 'acme' },
    })
    expect(localStorage.getItem(FEATURE_PREVIEW_KEYS.inlineEditor)).toBe('false')
  })

  it('sends no telemetry before consent was accepted', async () => {
    const user = userEvent.setup()
    const bodies = captureTelemetry()
    render(<FeaturePreviewModal />)
    await user.click(screen.getByRole('button', { name: 'Enable feature' }))
    expect(screen.getByRole('button', { name: 'Disable feature' })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(bodies).toHaveLength(0)
  })

  it('lists previews released by remote flags, and unified logs only on Team or above', () => {
    setConfig({ remoteFlags: ALL_FLAGS_ON })
    const { unmount } = render(<FeaturePreviewModal organizationPlanId="pro" />)
    const names = () => within(screen.getByRole('navigation', { name: 'Feature previews' })).getAllByRole('button').map((b) => b.textContent)
    expect(names()).toContain('Branching via dashboard (disabled)')
    expect(names()).toContain('Disable advisor rules (disabled)')
    expect(names()).not.toContain('New logs interface (disabled)')
    unmount()
    render(<FeaturePreviewModal organizationPlanId="team" />)
    expect(names()).toContain('New logs interface (disabled)')
  })

  it('hides platform-only previews when self-hosted', () => {
    setConfig({ isPlatform: false, remoteFlags: ALL_FLAGS_ON })
    render(<FeaturePreviewModal organizationPlanId="enterprise" />)
    const names = within(screen.getByRole('navigation', { name: 'Feature previews' }))
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(names).toEqual([
      'Inline editing of database entities (disabled)',
      'Project API documentation (disabled)',
      'Column-level privileges (disabled)',
    ])
    expect(screen.queryByText(/New logs interface|Branching via dashboard|Disable advisor rules/)).not.toBeInTheDocument()
  })
})
