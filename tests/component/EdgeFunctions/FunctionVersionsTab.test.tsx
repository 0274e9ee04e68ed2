import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { FunctionVersionsTab } from '@/components/interfaces/EdgeFunctions/FunctionVersionsTab'
import type { EdgeFunctionDetail, FunctionVersion } from '@/lib/api-types/functions'
import { server } from '@/tests/msw-server'
import { edgeFunction, FUNCTIONS, REF, renderWithClient } from './functions-fixtures'

// Monaco's diff editor does not run in jsdom: both sides as text.
vi.mock('@/components/interfaces/EdgeFunctions/FunctionDiffEditor', () => ({
  FunctionDiffEditor: ({ original, modified, originalLabel, modifiedLabel }: Record<string, string>) => (
    <div role="region" aria-label="Diff">
      <pre aria-label={originalLabel}>{original}</pre>
      <pre aria-label={modifiedLabel}>{modified}</pre>
    </div>
  ),
}))

const FN: EdgeFunctionDetail = { ...edgeFunction({ version: 3, latest_version: 3 }), files: [{ name: 'index.ts', content: 'v3 code' }] }
const version = (n: number, active = false): FunctionVersion => ({ version: n, created_at: '2025-05-01T10:00:00.000Z', created_by: 'dev@example.com', active, bundle_bytes: 2048, build_output: '' })

function setup() {
  const rollbacks: unknown[] = []
  server.use(
    http.get(`${FUNCTIONS}/hello-world/versions`, () => HttpResponse.json([version(3, true), version(2), version(1)])),
    http.get(`${FUNCTIONS}/hello-world/versions/:v`, ({ params }) => HttpResponse.json({ ...version(Number(params.v)), files: [{ name: 'index.ts', content: `v${params.v} code` }] })),
    http.post(`${FUNCTIONS}/hello-world/rollback`, async ({ request }) => {
      rollbacks.push(await request.json())
      return HttpResponse.json(edgeFunction({ version: 1, latest_version: 3 }))
    })
  )
  return { rollbacks, user: userEvent.setup() }
}

describe('function versions tab', { timeout: 20_000 }, () => {
  it('lists versions with the serving one marked, and diffs the newest other one, then any picked, against it', async () => {
    const { user } = setup()
    renderWithClient(<FunctionVersionsTab projectRef={REF} fn={FN} blockedReason={null} />)
    const table = await screen.findByRole('table', { name: 'Versions' })
    expect(within(table).getAllByRole('rowheader').map((r) => r.textContent)).toEqual(['v3 Serving', 'v2 ', 'v1 '])
    expect(await screen.findByLabelText('Version 2')).toHaveTextContent('v2 code')
    expect(screen.getByLabelText('Version 3 (serving)')).toHaveTextContent('v3 code')
    await user.click(screen.getByRole('button', { name: 'Compare version 1' }))
    expect(await screen.findByLabelText('Version 1')).toHaveTextContent('v1 code')
  })

  it('rolls back to a version after confirming', async () => {
    const { rollbacks, user } = setup()
    renderWithClient(<FunctionVersionsTab projectRef={REF} fn={FN} blockedReason={null} />)
    await user.click(await screen.findByRole('button', { name: 'Roll back to version 1' }))
    const dialog = screen.getByRole('dialog', { name: 'Roll back hello-world to version 1?' })
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(rollbacks).toEqual([{ version: 1 }])
  })

  it('lets a Read-only member compare but not roll back', async () => {
    const { rollbacks, user } = setup()
    renderWithClient(<FunctionVersionsTab projectRef={REF} fn={FN} blockedReason="Needs the Developer role." />)
    const button = await screen.findByRole('button', { name: 'Roll back to version 1' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    await user.click(button)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(rollbacks).toEqual([])
  })
})
