import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { describe, expect, it, vi } from 'vitest'
import { ForgotPasswordForm, RESET_LINK_SENT_TEXT } from '@/components/interfaces/Auth/ForgotPasswordForm'
import { server } from '@/tests/msw-server'
import { gotrueError } from './auth-fixtures'

vi.mock('next/router', () => ({ useRouter: () => ({ pathname: '/forgot-password', query: {} }) }))

function renderForm() {
  return render(
    <>
      <ForgotPasswordForm />
      <Toaster />
    </>
  )
}

describe('ForgotPasswordForm', () => {
  it('asks the auth service for a reset link and confirms without saying whether the account exists', async () => {
    const bodies: unknown[] = []
    server.use(
      http.post('*/auth/v1/recover', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json({})
      })
    )
    renderForm()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset email' }))

    expect(await screen.findByRole('status')).toHaveTextContent(RESET_LINK_SENT_TEXT)
    expect(RESET_LINK_SENT_TEXT).toMatch(/^If an account exists/)
    expect(bodies).toEqual([expect.objectContaining({ email: 'nobody@example.com' })])
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in')
  })

  it('toasts the auth error message', async () => {
    server.use(
      http.post('*/auth/v1/recover', () =>
        HttpResponse.json(gotrueError(429, 'For security purposes, you can only request this after 60 seconds.', 'over_email_send_rate_limit'), {
          status: 429,
        })
      )
    )
    renderForm()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset email' }))

    expect(await screen.findByText('For security purposes, you can only request this after 60 seconds.')).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
