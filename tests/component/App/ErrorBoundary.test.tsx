import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppErrorBoundary, type AppErrorBoundaryProps } from '@/components/interfaces/App/ErrorBoundary/AppErrorBoundary'
import { reportError } from '@/lib/error-reporting'

const push = vi.fn((_url: string) => Promise.resolve(true))
vi.mock('next/router', () => ({ useRouter: () => ({ push, asPath: '/', query: {}, isReady: true }) }))
vi.mock('@/lib/error-reporting', () => ({ reportError: vi.fn(() => 'e0e1e2e3e4e5e6e7e8e9eaebecedeeef'), setErrorTag: vi.fn() }))

const TITLE = 'Sorry! An unexpected error occurred.'
const APP_ERROR =
  'Application error: a client-side exception has occurred (see browser console for more information)'

/** Throws while `failing.message` is set, then renders normally. */
const failing: { message: string | null } = { message: null }
function Fragile() {
  if (failing.message) throw new Error(failing.message)
  return <p>Page content</p>
}

function renderBoundary(props: Omit<AppErrorBoundaryProps, 'children'> = {}) {
  return render(
    <AppErrorBoundary {...props}>
      <Fragile />
    </AppErrorBoundary>
  )
}

beforeEach(() => {
  // React logs every caught render error; the tests expect them.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  window.history.pushState({}, '', '/dashboard/project/abcd/editor/7')
})

afterEach(() => {
  failing.message = null
  push.mockClear()
  vi.mocked(reportError).mockClear()
  vi.restoreAllMocks()
})

describe('AppErrorBoundary', () => {
  it('renders its children while nothing throws', () => {
    renderBoundary()
    expect(screen.getByText('Page content')).toBeInTheDocument()
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument()
  })

  it('shows the error screen with the exact texts, the suggestions and the three actions', () => {
    failing.message = 'Cannot read properties of undefined'
    renderBoundary()

    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument()
    expect(screen.getByText(APP_ERROR)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy error' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Return to dashboard' })).toBeInTheDocument()

    // spec §8: refresh; sign out and in; clear browser storage; disable extensions; contact support.
    expect(screen.getByRole('link', { name: 'Refresh the page' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/dashboard/logout')
    expect(screen.getByRole('button', { name: 'Clear browser storage' })).toBeInTheDocument()
    expect(screen.getByText('Disable browser extensions, then try again.')).toBeInTheDocument()
    expect(screen.getByText(/contact support with the button below/)).toBeInTheDocument()
    expect(screen.queryByText('Still stuck?')).not.toBeInTheDocument()
    expect(screen.queryByText('Page content')).not.toBeInTheDocument()
  })

  it('reports the error tagged as caught by the global boundary, and shows the report id', () => {
    failing.message = 'boom'
    renderBoundary()
    expect(reportError).toHaveBeenCalledTimes(1)
    const [error, context] = vi.mocked(reportError).mock.calls[0]
    expect((error as Error).message).toBe('boom')
    expect(context?.tags).toEqual({ globalErrorBoundary: true })
    expect(screen.getByText(/e0e1e2e3e4e5e6e7e8e9eaebecedeeef/)).toBeInTheDocument()
  })

  it.each([
    "Failed to execute 'removeChild' on 'Node': The node to be removed is not a child of this node.",
    "Failed to execute 'insertBefore' on 'Node': The node before which the new node is to be inserted is not a child of this node.",
  ])('warns about translation services and extensions for DOM failures: %s', (message) => {
    failing.message = message
    renderBoundary()

    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument()
    expect(screen.getByText(APP_ERROR)).toBeInTheDocument()
    expect(screen.getByText(/page translation service or browser extensions/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Refresh' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'More information' })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//))
    expect(screen.getByText('Still stuck?')).toBeInTheDocument()
    // The general suggestions are replaced by the specific advice.
    expect(screen.queryByRole('button', { name: 'Clear browser storage' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy error' })).toBeInTheDocument()
  })

  it('links Contact support to the support form with category, report id, subject and the stack with the path name', () => {
    failing.message = 'boom'
    renderBoundary()

    const href = screen.getByRole('link', { name: 'Contact support' }).getAttribute('href') ?? ''
    const url = new URL(href, 'http://localhost')
    expect(url.pathname).toBe('/dashboard/support/new')
    expect(url.searchParams.get('category')).toBe('dashboard_bug')
    expect(url.searchParams.get('sid')).toBe('e0e1e2e3e4e5e6e7e8e9eaebecedeeef')
    expect(url.searchParams.get('subject')).toContain('boom')
    const message = url.searchParams.get('message') ?? ''
    expect(message).toContain('/dashboard/project/abcd/editor/7')
    expect(message).toContain('Error: boom')
    expect(message).toMatch(/\n\s+at /) // the stack frames
  })

  it('leaves sid out when error reporting is off', () => {
    vi.mocked(reportError).mockReturnValueOnce(null)
    failing.message = 'boom'
    renderBoundary()
    const href = screen.getByRole('link', { name: 'Contact support' }).getAttribute('href') ?? ''
    expect(new URL(href, 'http://localhost').searchParams.has('sid')).toBe(false)
  })

  it('Return to dashboard goes to the landing and resets: the page renders again once it stops throwing', async () => {
    const user = userEvent.setup()
    failing.message = 'boom'
    renderBoundary({ landingPath: '/organizations' })
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument()

    failing.message = null
    await user.click(screen.getByRole('button', { name: 'Return to dashboard' }))

    expect(await screen.findByText('Page content')).toBeInTheDocument()
    expect(screen.queryByText(TITLE)).not.toBeInTheDocument()
    expect(push).toHaveBeenCalledWith('/organizations')
  })

  it('shows the error screen again when the page still throws after a reset', async () => {
    const user = userEvent.setup()
    failing.message = 'boom'
    renderBoundary()
    await user.click(screen.getByRole('button', { name: 'Return to dashboard' }))
    await waitFor(() => expect(push).toHaveBeenCalled())
    expect(await screen.findByRole('heading', { name: TITLE })).toBeInTheDocument()
    expect(reportError).toHaveBeenCalledTimes(2)
  })

  it('resets when the reset key (the route) changes', () => {
    failing.message = 'boom'
    const view = renderBoundary({ resetKey: '/a' })
    expect(screen.getByRole('heading', { name: TITLE })).toBeInTheDocument()
    failing.message = null
    view.rerender(
      <AppErrorBoundary resetKey="/b">
        <Fragile />
      </AppErrorBoundary>
    )
    expect(screen.getByText('Page content')).toBeInTheDocument()
  })

  it('Clear browser storage empties local and session storage and reloads', async () => {
    const user = userEvent.setup()
    const reload = vi.fn()
    const original = Object.getOwnPropertyDescriptor(window, 'location')!
    const current = new URL(window.location.href)
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { href: current.href, pathname: current.pathname, search: current.search, origin: current.origin, reload },
    })
    try {
      localStorage.setItem('theme', 'dark')
      sessionStorage.setItem('draft', 'x')
      failing.message = 'boom'
      renderBoundary()

      await user.click(screen.getByRole('button', { name: 'Clear browser storage' }))

      expect(localStorage.length).toBe(0)
      expect(sessionStorage.length).toBe(0)
      expect(reload).toHaveBeenCalledTimes(1)
    } finally {
      Object.defineProperty(window, 'location', original)
    }
  })

  it('Copy error copies the message and the stack, then shows Copied', async () => {
    const user = userEvent.setup()
    failing.message = 'boom'
    renderBoundary()
    await user.click(screen.getByRole('button', { name: 'Copy error' }))

    const copied = await navigator.clipboard.readText()
    expect(copied.startsWith('boom\n\nError: boom')).toBe(true)
    expect(copied).toMatch(/\n\s+at /)
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })
})
