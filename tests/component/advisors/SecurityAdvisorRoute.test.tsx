import { configure, screen } from '@testing-library/react'
import { SecurityAdvisorRoute } from '@/components/interfaces/Advisors/SecurityAdvisorRoute'
import { FEATURE_PREVIEW_KEYS } from '@/lib/catalogue/feature-previews'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { featurePreviewStore } from '@/state/feature-previews'
import { server } from '@/tests/msw-server'
import { renderWithClient, type MockRouter } from '../Organizations/fixtures'
import { fakeAdvisorApi, REF } from './fake-advisor-api'

const router = vi.hoisted(() => ({}) as MockRouter)
vi.mock('next/router', () => ({ useRouter: () => router }))
// The first render loads every module of the screen: allow it more than the default second.
configure({ asyncUtilTimeout: 5000 })

function setup({ released, on }: { released: boolean; on: boolean }) {
  const config = toPublicConfig(parseConfig({}))
  window.__DASHBOARD_CONFIG__ = { ...config, remoteFlags: { ...config.remoteFlags, advisorRules: released } }
  featurePreviewStore.getState().setEnabled(FEATURE_PREVIEW_KEYS.advisorRules, on)
  Object.assign(router, {
    isReady: true,
    query: { ref: REF },
    pathname: '',
    asPath: '',
    push: vi.fn(() => Promise.resolve(true)),
    replace: vi.fn(() => Promise.resolve(true)),
  })
  server.use(...fakeAdvisorApi().handlers)
}

afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
  featurePreviewStore.getState().setEnabled(FEATURE_PREVIEW_KEYS.advisorRules, false)
})

describe('security advisor path (spec §2)', () => {
  it('moves /advisors/security to /advisors/rules/security when the preview is on', async () => {
    setup({ released: true, on: true })
    renderWithClient(<SecurityAdvisorRoute projectRef={REF} atRulesPath={false} />)
    await vi.waitFor(() => expect(router.replace).toHaveBeenCalledWith(`/project/${REF}/advisors/rules/security`))
    expect(screen.queryByRole('heading', { name: 'Security Advisor' })).not.toBeInTheDocument()
  })

  it('moves /advisors/rules/security back when the preview is off', async () => {
    setup({ released: true, on: false })
    renderWithClient(<SecurityAdvisorRoute projectRef={REF} atRulesPath />)
    await vi.waitFor(() => expect(router.replace).toHaveBeenCalledWith(`/project/${REF}/advisors/security`))
  })

  it('counts a preview switched on but not released (no remote flag) as off', async () => {
    setup({ released: false, on: true })
    renderWithClient(<SecurityAdvisorRoute projectRef={REF} atRulesPath={false} />)
    expect(await screen.findByRole('heading', { name: 'Security Advisor' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Rules' })).not.toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
    expect(await screen.findByText('No issues found')).toBeInTheDocument()
  })

  it('stays on the active path and shows the rules tab with the preview on', async () => {
    setup({ released: true, on: true })
    router.query = { ref: REF, view: 'rules' }
    renderWithClient(<SecurityAdvisorRoute projectRef={REF} atRulesPath />)
    expect(await screen.findByRole('link', { name: 'Rules' })).toHaveAttribute('aria-current', 'page')
    expect(await screen.findByRole('heading', { name: 'Security rules' })).toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
  })
})
