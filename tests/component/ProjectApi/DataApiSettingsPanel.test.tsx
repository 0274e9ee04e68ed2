import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { DataApiSettingsPanel } from '@/components/interfaces/ProjectApi/DataApiSettingsPanel'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import { dataApiHandlers } from './fixtures'

const REF = 'abcdefghijklmnopqrst'

/** The project, the caller's role in its organization and the Data API routes; returns the PATCH bodies. */
function platform(role = 'Owner', refuse?: string) {
  server.use(
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    http.get(`*/platform/projects/${REF}`, () => HttpResponse.json(projectDetail()))
  )
  return dataApiHandlers(REF, { role, refuse })
}

const render = () => renderWithClient(<DataApiSettingsPanel projectRef={REF} />)
const schemasInput = () => screen.findByRole('textbox', { name: 'Exposed schemas' })
const maxRowsInput = () => screen.getByRole('textbox', { name: 'Max rows' })
const aggregatesSelect = () => screen.getByRole('combobox', { name: 'Aggregate functions' })
const txEndSelect = () => screen.getByRole('combobox', { name: 'Transaction end' })

async function type(input: HTMLElement, text: string) {
  await userEvent.clear(input)
  if (text) await userEvent.type(input, text)
}

describe('Data API settings', { timeout: 20_000 }, () => {
  it('loads the settings, says which grants a new schema needs, and saves only what changed', async () => {
    const patches = platform()
    render()
    expect(screen.getByRole('status', { name: 'Loading the Data API settings' })).toBeInTheDocument()
    const schemas = await schemasInput()
    expect(schemas).toHaveValue('public')
    expect(maxRowsInput()).toHaveValue('1000')
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    expect(screen.queryByLabelText('Grants to run')).not.toBeInTheDocument()

    await type(schemas, 'public, app')
    const grants = screen.getByLabelText('Grants to run')
    expect(grants).toHaveTextContent('grant usage on schema app to anon, authenticated, service_role;')
    expect(grants).not.toHaveTextContent('schema public')
    expect(screen.getByText(/serves nothing until the project's owner grants them its use/)).toBeInTheDocument()
    await userEvent.click(save)
    expect(await screen.findByText('Data API settings saved')).toBeInTheDocument()
    expect(patches).toEqual([{ db_schema: 'public, app' }])

    await type(maxRowsInput(), '500')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches).toEqual([{ db_schema: 'public, app' }, { max_rows: 500 }]))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled())
  })

  it('turns aggregates on and lets requests roll back, sending just those settings', async () => {
    const patches = platform()
    render()
    await schemasInput()
    expect(aggregatesSelect()).toHaveValue('false')
    expect(txEndSelect()).toHaveValue('commit')
    await userEvent.selectOptions(aggregatesSelect(), 'On')
    await userEvent.selectOptions(txEndSelect(), 'Commit, a request may ask to roll back (Prefer: tx=rollback)')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches).toEqual([{ db_aggregates_enabled: true, db_tx_end: 'commit-allow-override' }]))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled())
    expect(aggregatesSelect()).toHaveValue('true')
    expect(txEndSelect()).toHaveValue('commit-allow-override')
    await userEvent.selectOptions(txEndSelect(), 'Roll back (nothing a request writes is kept)')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(txEndSelect()).toHaveValue('commit-allow-override')
  })

  it('names what is wrong before sending anything, and puts the values back on Cancel', async () => {
    const patches = platform()
    render()
    const schemas = await schemasInput()
    await type(schemas, ' , ')
    await type(maxRowsInput(), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByText('Give at least one schema, e.g. public')).toBeInTheDocument()
    expect(screen.getByText('Max rows must be between 1 and 1,000,000')).toBeInTheDocument()
    await type(schemas, 'public, auth')
    expect(screen.getByText("'auth' belongs to Postgres or the platform and cannot be exposed", { exact: false })).toBeInTheDocument()
    expect(patches).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(schemas).toHaveValue('public')
    expect(maxRowsInput()).toHaveValue('1000')
  })

  it('shows what the platform refused in the form', async () => {
    platform('Admin', "db_schema: 'nope' is not a schema of the project's database")
    render()
    await type(await schemasInput(), 'public, nope')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("'nope' is not a schema of the project's database")
  })

  it('shows a Developer the settings without letting them change them', async () => {
    platform('Developer')
    render()
    expect(await schemasInput()).toBeDisabled()
    expect(maxRowsInput()).toBeDisabled()
    expect(aggregatesSelect()).toBeDisabled()
    expect(txEndSelect()).toBeDisabled()
    expect(screen.getByText('Only an Owner or Admin can change the Data API settings. Your role is Developer.')).toBeInTheDocument()
  })

  it('tells a Read-only member the settings are not theirs to see, without asking for them', async () => {
    let asked = 0
    platform('Read-only')
    server.use(http.get(`*/platform/projects/${REF}/config/postgrest`, () => (asked++, HttpResponse.json({}))))
    render()
    expect(await screen.findByText('Only Developers and above can see the Data API settings. Your role is Read-only.')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Exposed schemas' })).not.toBeInTheDocument()
    expect(asked).toBe(0)
  })

  it('shows a load failure with a retry', async () => {
    platform()
    let calls = 0
    server.use(
      http.get(`*/platform/projects/${REF}/config/postgrest`, () =>
        ++calls === 1 ? HttpResponse.json({ message: 'settings unavailable' }, { status: 500 }) : HttpResponse.json({ db_schema: 'public', max_rows: 1000, db_aggregates_enabled: false, db_tx_end: 'commit' })
      )
    )
    render()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load the Data API settings')
    expect(alert).toHaveTextContent('settings unavailable')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await schemasInput()).toHaveValue('public')
  })
})
