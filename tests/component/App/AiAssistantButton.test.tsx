import { act, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AiAssistantButton } from '@/components/interfaces/App/AiAssistant/AiAssistantButton'
import { useAiAssistantPanelQueryParam } from '@/components/interfaces/App/AiAssistant/useAiAssistantPanelQueryParam'
import {
  aiAssistantActions,
  configureAiAssistantStorage,
  getAiAssistantState,
  loadAiAssistantState,
  resetAiAssistantStore,
} from '@/state/ai-assistant'
import { createMemoryAiAssistantStorage } from '@/state/ai-assistant.storage'
import { server } from '@/tests/msw-server'
import { REF, renderPanel, statusHandler } from './ai-assistant-fixtures'

const router = vi.hoisted(() => ({ isReady: true, query: {} as Record<string, string | string[] | undefined> }))
vi.mock('next/router', () => ({ useRouter: () => router }))

beforeEach(() => {
  resetAiAssistantStore()
  configureAiAssistantStorage(createMemoryAiAssistantStorage())
  server.use(statusHandler())
  router.isReady = true
  router.query = {}
})

describe('AiAssistantButton', () => {
  it('toggles the panel and reports whether it is expanded', async () => {
    const user = userEvent.setup()
    renderPanel(<AiAssistantButton />)
    const button = screen.getByRole('button', { name: 'AI assistant' })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveAttribute('aria-controls', 'ai-assistant-panel')

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    const panel = await screen.findByRole('complementary', { name: 'AI assistant' })
    expect(panel).toHaveAttribute('id', 'ai-assistant-panel')

    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })

  it('gets focus back when the panel is closed from inside', async () => {
    const user = userEvent.setup()
    renderPanel(<AiAssistantButton />)
    await user.click(screen.getByRole('button', { name: 'AI assistant' }))
    await user.click(await screen.findByRole('button', { name: 'Close AI assistant' }))
    expect(screen.getByRole('button', { name: 'AI assistant' })).toHaveFocus()
  })
})

describe('useAiAssistantPanelQueryParam (spec §2)', () => {
  it('aiAssistantPanelOpen=true opens the panel, even before the project state has loaded', async () => {
    router.query = { aiAssistantPanelOpen: 'true' }
    renderHook(() => useAiAssistantPanelQueryParam())
    expect(getAiAssistantState().open).toBe(true)
    await act(() => loadAiAssistantState(REF))
    expect(getAiAssistantState().open).toBe(true)
  })

  it('aiAssistantPanelOpen=false closes it', async () => {
    await loadAiAssistantState(REF)
    aiAssistantActions.open()
    router.query = { aiAssistantPanelOpen: 'false' }
    renderHook(() => useAiAssistantPanelQueryParam())
    expect(getAiAssistantState().open).toBe(false)
  })

  it('ignores other values, and waits for the router to be ready', async () => {
    await loadAiAssistantState(REF)
    router.query = { aiAssistantPanelOpen: 'yes' }
    const { rerender } = renderHook(() => useAiAssistantPanelQueryParam())
    expect(getAiAssistantState().open).toBe(false)

    router.isReady = false
    router.query = { aiAssistantPanelOpen: 'true' }
    rerender()
    expect(getAiAssistantState().open).toBe(false)
    router.isReady = true
    rerender()
    expect(getAiAssistantState().open).toBe(true)
  })

  it('does not reopen a panel the user closed while the URL stays the same', async () => {
    await loadAiAssistantState(REF)
    router.query = { aiAssistantPanelOpen: 'true' }
    const { rerender } = renderHook(() => useAiAssistantPanelQueryParam())
    act(() => aiAssistantActions.close())
    rerender()
    expect(getAiAssistantState().open).toBe(false)
  })
})
