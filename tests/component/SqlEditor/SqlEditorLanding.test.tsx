import { render, screen, waitFor } from '@testing-library/react'
import { SqlEditorLanding } from '@/components/interfaces/SqlEditor/SqlEditorLanding'
import { lastVisitedStore } from '@/state/last-visited'

const router = vi.hoisted(() => ({ replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))

beforeEach(() => {
  router.replace.mockClear()
  lastVisitedStore.getState().reload()
})

describe('/project/{ref}/sql', () => {
  it('reopens the snippet visited last in this project (spec §3–§4)', async () => {
    lastVisitedStore.getState().setLastVisitedSnippet('ref-a', '11111111-1111-4111-8111-111111111111')
    lastVisitedStore.getState().setLastVisitedSnippet('ref-b', '22222222-2222-4222-8222-222222222222')
    render(<SqlEditorLanding projectRef="ref-a" />)
    expect(screen.getByRole('status', { name: 'Opening the SQL editor' })).toBeInTheDocument()
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/project/ref-a/sql/11111111-1111-4111-8111-111111111111'))
    expect(router.replace).toHaveBeenCalledTimes(1)
  })

  it('opens a new query when no snippet was visited in this project', async () => {
    lastVisitedStore.getState().setLastVisitedSnippet('ref-b', '22222222-2222-4222-8222-222222222222')
    render(<SqlEditorLanding projectRef="ref-a" />)
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/project/ref-a/sql/new'))
  })
})
