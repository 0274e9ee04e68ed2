import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { FunctionTestTab } from '@/components/interfaces/EdgeFunctions/FunctionTestTab'
import type { InvokeFunctionResponse } from '@/lib/api-types/functions'
import { server } from '@/tests/msw-server'
import { edgeFunction, FUNCTIONS, REF, renderWithClient } from './functions-fixtures'

const FN = edgeFunction()

function answerWith(response: InvokeFunctionResponse) {
  const sent: unknown[] = []
  server.use(
    http.post(`${FUNCTIONS}/hello-world/invoke`, async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json(response)
    })
  )
  return sent
}

const JSON_ANSWER: InvokeFunctionResponse = {
  status: 200,
  status_text: 'OK',
  headers: [['content-type', 'application/json'], ['x-request-id', 'req-1']],
  body: '{"message":"Hello Functions!","n":[1,2]}',
  body_encoding: 'text',
  duration_ms: 42.4,
}

describe('function test panel', { timeout: 20_000 }, () => {
  it('sends the method, path, header rows, body and role, and shows status, time, headers and pretty JSON', async () => {
    const sent = answerWith(JSON_ANSWER)
    const user = userEvent.setup()
    renderWithClient(<FunctionTestTab projectRef={REF} fn={FN} blockedReason={null} />)
    await user.selectOptions(screen.getByLabelText('Method'), 'PUT')
    await user.type(screen.getByLabelText('Path'), '/items?id=7')
    await user.type(screen.getByLabelText('Header 1 name'), 'x-trace')
    await user.type(screen.getByLabelText('Header 1 value'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Add header' }))
    // A blank row is left out.
    await user.selectOptions(screen.getByLabelText('Role'), 'service_role')
    await user.click(screen.getByRole('button', { name: 'Send request' }))

    const answer = screen.getByRole('region', { name: 'Response' })
    expect(await within(answer).findByLabelText('Status')).toHaveTextContent('200 OK')
    expect(within(answer).getByLabelText('Time')).toHaveTextContent('42 ms')
    expect(within(answer).getByText('Headers (2)')).toBeInTheDocument()
    expect(within(answer).getByText('x-request-id')).toBeInTheDocument()
    expect(within(answer).getByLabelText('Response body').textContent).toBe(JSON.stringify({ message: 'Hello Functions!', n: [1, 2] }, null, 2))
    expect(sent).toEqual([
      { method: 'PUT', path: '/items?id=7', headers: { 'x-trace': 'abc', 'Content-Type': 'application/json' }, body: '{\n  "name": "Functions"\n}', role: 'service_role' },
    ])
  })

  it('sends a GET without a body and shows a text answer as it came', async () => {
    // The platform fills in the standard phrase; an answer without one shows the bare status.
    const sent = answerWith({ ...JSON_ANSWER, status: 401, status_text: '', headers: [['content-type', 'text/plain']], body: 'Missing authorization header' })
    const user = userEvent.setup()
    renderWithClient(<FunctionTestTab projectRef={REF} fn={FN} blockedReason={null} />)
    await user.selectOptions(screen.getByLabelText('Method'), 'GET')
    expect(screen.getByLabelText('Body')).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('Role'), 'none')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByLabelText('Status')).toHaveTextContent(/^401$/)
    expect(screen.getByLabelText('Response body')).toHaveTextContent('Missing authorization header')
    expect(sent).toEqual([{ method: 'GET', path: '', headers: {}, body: '', role: 'none' }])
  })

  it('refuses a bad header name, an Authorization header and a path without / or ?, sending nothing', async () => {
    const sent = answerWith(JSON_ANSWER)
    const user = userEvent.setup()
    renderWithClient(<FunctionTestTab projectRef={REF} fn={FN} blockedReason={null} />)
    await user.type(screen.getByLabelText('Header 1 name'), 'bad header')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(screen.getByRole('alert')).toHaveTextContent('"bad header" is not a header name')
    await user.clear(screen.getByLabelText('Header 1 name'))
    await user.type(screen.getByLabelText('Header 1 name'), 'Authorization')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Authorization comes from the role')
    await user.click(screen.getByRole('button', { name: 'Remove header 1' }))
    await user.type(screen.getByLabelText('Path'), 'items')
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(screen.getByRole('alert')).toHaveTextContent('The path must be empty or start with / or ?')
    expect(sent).toEqual([])
  })

  it('shows the platform\'s refusal in place of an answer', async () => {
    server.use(http.post(`${FUNCTIONS}/hello-world/invoke`, () => HttpResponse.json({ message: 'headers: must hold at most 50 headers' }, { status: 400 })))
    const user = userEvent.setup()
    renderWithClient(<FunctionTestTab projectRef={REF} fn={FN} blockedReason={null} />)
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('headers: must hold at most 50 headers')).toBeInTheDocument()
  })

  it('tells a member without the Developer role why there is no panel', () => {
    renderWithClient(<FunctionTestTab projectRef={REF} fn={FN} blockedReason="Deploying, testing and changing functions need the Developer role or above." />)
    expect(screen.getByText('Testing needs the Developer role')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument()
  })
})
