import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { FunctionCodeTab } from '@/components/interfaces/EdgeFunctions/FunctionCodeTab'
import type { EdgeFunctionDetail } from '@/lib/api-types/functions'
import { server } from '@/tests/msw-server'
import { edgeFunction, FUNCTIONS, REF, renderWithClient } from './functions-fixtures'

const router = vi.hoisted(() => ({ asPath: '/', events: { on: vi.fn(), off: vi.fn(), emit: vi.fn() } }))
vi.mock('next/router', () => ({ useRouter: () => router }))
// Monaco does not run in jsdom: a textarea with the same props.
vi.mock('@/components/interfaces/EdgeFunctions/FunctionCodeEditor', () => ({
  FunctionCodeEditor: ({ fileName, value, onChange, readOnly }: { fileName: string; value: string; onChange: (v: string) => void; readOnly?: boolean }) => (
    <textarea aria-label={`Code of ${fileName}`} value={value} readOnly={readOnly} onChange={(e) => onChange(e.target.value)} />
  ),
}))

const FN: EdgeFunctionDetail = { ...edgeFunction(), files: [{ name: 'index.ts', content: 'Deno.serve(() => new Response("v1"))' }] }

describe('function code tab', { timeout: 20_000 }, () => {
  it('deploys the edited files as a new version and shows the build output', async () => {
    const posted: unknown[] = []
    server.use(
      http.post(FUNCTIONS, async ({ request }) => {
        posted.push(await request.json())
        return HttpResponse.json({ ...edgeFunction({ version: 2, latest_version: 2 }), build_output: 'Bundled 2 modules (1.2 KB)' })
      })
    )
    const user = userEvent.setup()
    renderWithClient(<FunctionCodeTab projectRef={REF} fn={FN} blockedReason={null} />)
    expect(screen.getByText('Version 1 is serving.')).toBeInTheDocument()
    const code = await screen.findByLabelText('Code of index.ts')
    await user.clear(code)
    await user.type(code, 'import {{ x } from "./util.ts"')
    await user.click(screen.getByRole('button', { name: 'Add file' }))
    await user.type(screen.getByLabelText('New file name'), '../up.ts')
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled()
    await user.clear(screen.getByLabelText('New file name'))
    await user.type(screen.getByLabelText('New file name'), 'util.ts{Enter}')
    await user.type(await screen.findByLabelText('Code of util.ts'), 'export const x = 1')
    expect(screen.getByText('Unsaved changes: deploy to serve them as a new version.')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Deploy' }))
    const output = await screen.findByRole('region', { name: 'Build output' })
    expect(within(output).getByText('Deployed version 2')).toBeInTheDocument()
    expect(within(output).getByText('Bundled 2 modules (1.2 KB)')).toBeInTheDocument()
    expect(posted).toEqual([
      { slug: 'hello-world', name: 'hello-world', verify_jwt: true, body: 'import { x } from "./util.ts"', files: [{ name: 'util.ts', content: 'export const x = 1' }] },
    ])
  })

  it('shows the bundler\'s output of a deploy that fails, keeping the edits', async () => {
    server.use(http.post(FUNCTIONS, () => HttpResponse.json({ message: 'The function does not bundle', build_output: 'error: Expected ")" at index.ts:1:9' }, { status: 400 })))
    const user = userEvent.setup()
    renderWithClient(<FunctionCodeTab projectRef={REF} fn={FN} blockedReason={null} />)
    const code = screen.getByLabelText('Code of index.ts')
    await user.type(code, '(((')
    await user.click(screen.getByRole('button', { name: 'Deploy' }))
    const output = await screen.findByRole('region', { name: 'Build output' })
    expect(within(output).getByRole('alert')).toHaveTextContent('Deploy failed')
    expect(within(output).getByText('The function does not bundle')).toBeInTheDocument()
    expect(within(output).getByText('error: Expected ")" at index.ts:1:9')).toBeInTheDocument()
    expect(code).toHaveValue(`${FN.files[0].content}(((`)
  })

  it('lets a Read-only member read the code but not deploy it', async () => {
    let deploys = 0
    server.use(http.post(FUNCTIONS, () => (deploys++, HttpResponse.json({}))))
    const user = userEvent.setup()
    renderWithClient(<FunctionCodeTab projectRef={REF} fn={FN} blockedReason="Deploying needs the Developer role." />)
    expect(screen.getByLabelText('Code of index.ts')).toHaveAttribute('readonly')
    expect(screen.queryByRole('button', { name: 'Add file' })).not.toBeInTheDocument()
    const deploy = screen.getByRole('button', { name: 'Deploy' })
    expect(deploy).toHaveAttribute('aria-disabled', 'true')
    await user.click(deploy)
    expect(deploys).toBe(0)
  })
})
