import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SupportTicketPage } from '@/components/interfaces/Support/SupportTicketPage'
import { createQueryClient } from '@/data/query-client'
import { parseConfig, toPublicConfig } from '@/lib/config'
import { server } from '@/tests/msw-server'

const router = vi.hoisted(() => ({ isReady: true, query: {} as Record<string, string | string[]> }))
vi.mock('next/router', () => ({ useRouter: () => router }))

const TICKET_ID = '6f1c7a52-3b8e-4b7e-9d53-0c1f2a3b4c5d'

function renderPage() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SupportTicketPage />
      <Toaster />
    </QueryClientProvider>
  )
}

/** Records the bodies the platform receives and answers each with `reply`. */
function platformAnswers(reply: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.post('*/platform/feedback/send', async ({ request }) => {
      bodies.push(await request.json())
      return reply()
    })
  )
  return bodies
}

beforeEach(() => {
  router.isReady = true
  router.query = {}
})

afterEach(() => {
  delete window.__DASHBOARD_CONFIG__
})

describe('/support/new', () => {
  it('prefills the form from the query the error screen sends', () => {
    router.query = {
      category: 'dashboard_bug',
      sid: 'e0e1e2e3e4e5e6e7e8e9eaebecedeeef',
      subject: 'Dashboard error: boom',
      message: 'Path name: /dashboard/org/acme\n\nError: boom\n    at Page',
    }
    renderPage()

    expect(screen.getByRole('heading', { name: 'Contact support' })).toBeInTheDocument()
    const category = screen.getByRole('combobox', { name: 'Category' })
    expect(category).toHaveValue('dashboard_bug')
    expect(within(category).getByRole('option', { selected: true })).toHaveTextContent('Dashboard bug')
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Dashboard error: boom')
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'Path name: /dashboard/org/acme\n\nError: boom\n    at Page'
    )
    expect(screen.getByText('e0e1e2e3e4e5e6e7e8e9eaebecedeeef')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Allow support access to your project' })).not.toBeChecked()
  })

  it('offers every category of spec §3 and falls back to the default for an unknown one', () => {
    router.query = { category: 'gossip', sid: '<script>' }
    renderPage()
    const category = screen.getByRole('combobox', { name: 'Category' })
    expect(within(category).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      'problem',
      'dashboard_bug',
      'database_unresponsive',
      'performance',
      'sales',
      'billing',
      'refund',
      'abuse',
      'login_issues',
      'account_deletion',
    ])
    expect(category).toHaveValue('problem')
    // A malformed sid is not carried along.
    expect(screen.queryByText(/Error report id/)).not.toBeInTheDocument()
  })

  it('shows a loading state until the router knows the query', () => {
    router.isReady = false
    renderPage()
    expect(screen.getByRole('status')).toHaveTextContent('Loading support form')
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument()
  })

  it('asks for a subject and a message before sending anything', async () => {
    const user = userEvent.setup()
    const bodies = platformAnswers(() => HttpResponse.json({ id: TICKET_ID }, { status: 201 }))
    renderPage()

    await user.click(screen.getByRole('button', { name: 'Send support request' }))

    expect(screen.getByText('Please enter a subject')).toBeInTheDocument()
    expect(screen.getByText('Please describe your issue')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveFocus()
    expect(bodies).toHaveLength(0)

    // Errors clear as the fields are fixed.
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Slow queries')
    expect(screen.queryByText('Please enter a subject')).not.toBeInTheDocument()
    expect(screen.getByText('Please describe your issue')).toBeInTheDocument()
  })

  it('rejects a subject longer than 200 characters', async () => {
    const user = userEvent.setup()
    router.query = { subject: 's'.repeat(201), message: 'details' }
    platformAnswers(() => HttpResponse.json({ id: TICKET_ID }, { status: 201 }))
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Send support request' }))
    expect(screen.getByText('Subject must be at most 200 characters')).toBeInTheDocument()
  })

  it('sends the ticket and confirms with its id', async () => {
    const user = userEvent.setup()
    router.query = { category: 'dashboard_bug', sid: 'abc123', subject: 'Dashboard error: boom', message: 'Error: boom' }
    const bodies = platformAnswers(() => HttpResponse.json({ id: TICKET_ID }, { status: 201 }))
    renderPage()

    await user.type(screen.getByRole('textbox', { name: 'Organization (optional)' }), 'acme')
    await user.click(screen.getByRole('checkbox', { name: 'Allow support access to your project' }))
    await user.click(screen.getByRole('button', { name: 'Send support request' }))

    expect(await screen.findByRole('heading', { name: 'Support request sent' })).toBeInTheDocument()
    expect(screen.getByText(TICKET_ID)).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        category: 'dashboard_bug',
        subject: 'Dashboard error: boom',
        message: 'Error: boom',
        errorReportId: 'abc123',
        organizationSlug: 'acme',
        allowSupportAccess: true,
      },
    ])
  })

  it('shows that it is sending and blocks a second submit', async () => {
    const user = userEvent.setup()
    router.query = { subject: 'Help', message: 'Please' }
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post('*/platform/feedback/send', async () => {
        await answered
        return HttpResponse.json({ id: TICKET_ID }, { status: 201 })
      })
    )
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Send support request' }))
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled()
    release()
    expect(await screen.findByRole('heading', { name: 'Support request sent' })).toBeInTheDocument()
  })

  it('keeps everything typed and shows a toast when sending fails', async () => {
    const user = userEvent.setup()
    platformAnswers(() => HttpResponse.json({ message: 'Too many support requests were sent.' }, { status: 429 }))
    renderPage()

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'billing')
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Invoice twice')
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'I was charged twice in May.')
    await user.click(screen.getByRole('button', { name: 'Send support request' }))

    expect(await screen.findByText('Failed to send support request: Too many support requests were sent.')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Support request sent' })).not.toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('billing')
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Invoice twice')
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('I was charged twice in May.')
    expect(screen.getByRole('button', { name: 'Send support request' })).toBeEnabled()
  })

  it('says where the request goes when self-hosted', () => {
    window.__DASHBOARD_CONFIG__ = toPublicConfig(parseConfig({ IS_PLATFORM: 'false' }))
    renderPage()
    expect(screen.getByText(/requests are stored on this server for its administrators/)).toBeInTheDocument()
  })

  it('starts an empty form after "Send another request"', async () => {
    const user = userEvent.setup()
    router.query = { subject: 'First', message: 'One' }
    platformAnswers(() => HttpResponse.json({ id: TICKET_ID }, { status: 201 }))
    renderPage()
    await user.click(screen.getByRole('button', { name: 'Send support request' }))
    await user.click(await screen.findByRole('button', { name: 'Send another request' }))
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('')
  })
})
