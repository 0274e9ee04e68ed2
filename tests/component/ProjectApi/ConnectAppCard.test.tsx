import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConnectAppCard } from '@/components/interfaces/ProjectHome/ConnectAppCard'
import { renderWithClient } from '../Organizations/fixtures'
import { ENDPOINT, apiHandlers, apiKeys } from './fixtures'

const REF = 'abcdefghijklmnopqrst'

beforeEach(() => {
  apiHandlers(':ref')
})

/** The "Connect your app" card of the project home. */
describe('ConnectAppCard', () => {
  it('shows the project URL, the anon key and a setup snippet to connect an app, each copyable', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText')
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const [anon, service] = apiKeys(1).map((key) => key.api_key)
    renderWithClient(<ConnectAppCard projectRef={REF} />)
    const connect = await screen.findByRole('region', { name: 'Connect your app' })
    expect(await within(connect).findByTestId('project-url')).toHaveTextContent(ENDPOINT)
    expect(within(connect).getByTestId('anon-key')).toHaveTextContent(anon)
    expect(within(connect).getByLabelText('Setup snippet').textContent).toBe(
      `import { createClient } from '@supabase/supabase-js'\nconst supabase = createClient('${ENDPOINT}', '${anon}')`
    )
    expect(screen.queryByText(service)).not.toBeInTheDocument()

    await user.click(within(connect).getByRole('button', { name: 'Copy project URL' }))
    expect(writeText).toHaveBeenLastCalledWith(ENDPOINT)
    await user.click(within(connect).getByRole('button', { name: 'Copy anon key' }))
    expect(writeText).toHaveBeenLastCalledWith(anon)
    await user.click(within(connect).getByRole('button', { name: 'Copy snippet' }))
    expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining(`createClient('${ENDPOINT}', '${anon}')`))
  })

  it('shows a Read-only member the anon key to connect an app', async () => {
    apiHandlers(REF, { role: 'Read-only' })
    renderWithClient(<ConnectAppCard projectRef={REF} />)
    const connect = await screen.findByRole('region', { name: 'Connect your app' })
    expect(await within(connect).findByTestId('anon-key')).toHaveTextContent(apiKeys(1)[0].api_key)
  })

})
