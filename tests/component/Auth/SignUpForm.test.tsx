import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { Toaster } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SignUpForm } from '@/components/interfaces/Auth/SignUpForm'
import { createQueryClient } from '@/data/query-client'
import { server } from '@/tests/msw-server'
import { gotrueError, sessionBody } from './auth-fixtures'

const router = vi.hoisted(() => ({
  pathname: '/sign-up',
  query: {} as Record<string, string | string[]>,
  replace: vi.fn(async () => true),
}))
vi.mock('next/router', () => ({ useRouter: () => router }))

type Check = { score: number; suggestions?: string[]; warning?: string }

/** The password-check endpoint answering from a table of passwords; records what it was asked. */
function passwordCheck(answers: Record<string, Check>) {
  const asked: string[] = []
  server.use(
    http.post('*/platform/profile/password-check', async ({ request }) => {
      const { password } = (await request.json()) as { password: string }
      asked.push(password)
      const answer = answers[password] ?? { score: 0 }
      return HttpResponse.json({
        result: { score: answer.score, feedback: { suggestions: answer.suggestions ?? [], warning: answer.warning ?? '' } },
      })
    })
  )
  return asked
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SignUpForm />
      <Toaster />
    </QueryClientProvider>
  )
}

const meter = () => screen.getByRole('meter', { name: 'Password strength' })
const submit = () => screen.getByRole('button', { name: 'Sign up' })

beforeEach(() => {
  router.query = {}
  router.replace.mockClear()
})

describe('SignUpForm: live password strength (spec §5)', () => {
  it('shows the strength label with the suggestions, and the warning plus "You need a stronger password."', async () => {
    passwordCheck({
      password1: { score: 1, suggestions: ['Add another word or two.', 'Avoid common phrases.'], warning: 'This is a very common password.' },
    })
    renderForm()
    await userEvent.setup().type(screen.getByLabelText('Password'), 'password1')

    expect(
      await screen.findByText('This password is not secure enough. Add another word or two. Avoid common phrases.')
    ).toBeInTheDocument()
    expect(screen.getByText('This is a very common password. You need a stronger password.')).toBeInTheDocument()
    expect(meter()).toHaveAttribute('aria-valuenow', '1')
    expect(submit()).toBeDisabled()
  })

  it.each([
    [0, 'This password is not acceptable.'],
    [2, 'This password is not secure enough.'],
    [3, 'Not bad, but your password must be harder to guess.'],
  ])('score %i reads %j and keeps sign-up disabled', async (score, label) => {
    passwordCheck({ 'some-password': { score } })
    renderForm()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'some-password')

    expect(await screen.findByText(label)).toBeInTheDocument()
    expect(screen.getByText('You need a stronger password.')).toBeInTheDocument()
    expect(meter()).toHaveAttribute('aria-valuenow', String(score))
    expect(submit()).toBeDisabled()
  })

  it('enables sign-up only at score 4, "This password is strong."', async () => {
    passwordCheck({ 'Correct-Horse-Battery-Staple-42': { score: 4 } })
    renderForm()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'Correct-Horse-Battery-Staple-42')

    expect(await screen.findByText('This password is strong.')).toBeInTheDocument()
    expect(screen.queryByText(/You need a stronger password/)).not.toBeInTheDocument()
    await waitFor(() => expect(submit()).toBeEnabled())
    expect(meter()).toHaveAttribute('aria-valuenow', '4')
  })

  it('debounces: only the final password is sent to the server', async () => {
    const asked = passwordCheck({ abcdefgh: { score: 2 } })
    renderForm()
    await userEvent.setup().type(screen.getByLabelText('Password'), 'abcdefgh')

    await screen.findByText('This password is not secure enough.')
    expect(asked).toEqual(['abcdefgh'])
  })

  it('rejects more than 99 characters locally with the spec\'s warning', async () => {
    const asked = passwordCheck({})
    renderForm()
    const input = screen.getByLabelText('Password')
    const user = userEvent.setup()
    await user.click(input)
    await user.paste('a'.repeat(100))

    expect(await screen.findByText('Password should be less than 100 characters')).toBeInTheDocument()
    expect(screen.getByText('Maximum password length exceeded')).toBeInTheDocument()
    expect(asked).toEqual([])
    expect(submit()).toBeDisabled()
  })

  it('toasts "Failed to check password strength: {message}" when the check fails (spec §8)', async () => {
    server.use(
      http.post('*/platform/profile/password-check', () => HttpResponse.json({ message: 'scorer unavailable' }, { status: 503 }))
    )
    renderForm()
    await userEvent.setup().type(screen.getByLabelText('Password'), 'whatever-it-is')

    expect(await screen.findByText('Failed to check password strength: scorer unavailable')).toBeInTheDocument()
    expect(submit()).toBeDisabled()
  })
})

describe('SignUpForm: creating the account', () => {
  const strong = 'Correct-Horse-Battery-Staple-42'

  async function fillIn() {
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), strong)
    await waitFor(() => expect(submit()).toBeEnabled())
    await user.click(submit())
  }

  it('signs up and continues signed in to the returnTo', async () => {
    router.query = { returnTo: '/org/acme' }
    passwordCheck({ [strong]: { score: 4 } })
    const bodies: unknown[] = []
    server.use(
      http.post('*/auth/v1/signup', async ({ request }) => {
        bodies.push(await request.json())
        return HttpResponse.json(sessionBody('ada@example.com'))
      })
    )
    renderForm()
    await fillIn()

    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/org/acme'))
    expect(bodies).toEqual([expect.objectContaining({ email: 'ada@example.com', password: strong })])
  })

  it('shows "Error sending confirmation mail" as the auth error message', async () => {
    passwordCheck({ [strong]: { score: 4 } })
    server.use(
      http.post('*/auth/v1/signup', () =>
        HttpResponse.json(gotrueError(500, 'Error sending confirmation mail', 'unexpected_failure'), { status: 500 })
      )
    )
    renderForm()
    await fillIn()

    expect(await screen.findByText('Error sending confirmation mail')).toBeInTheDocument()
    expect(router.replace).not.toHaveBeenCalled()
  })

  it('says to check the inbox when the server asks for a confirmation first', async () => {
    passwordCheck({ [strong]: { score: 4 } })
    server.use(http.post('*/auth/v1/signup', () => HttpResponse.json(sessionBody('ada@example.com').user)))
    renderForm()
    await fillIn()

    expect(await screen.findByRole('status')).toHaveTextContent('we sent a confirmation link to ada@example.com')
    expect(router.replace).not.toHaveBeenCalled()
  })
})
