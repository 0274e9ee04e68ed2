import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { CronJobsScreen } from '@/components/interfaces/Cron/CronJobsScreen'
import { server } from '@/tests/msw-server'
import { cronJob, projectAndRole, REF, renderWithClient } from './cron-fixtures'
import { describeSchedule } from '@/lib/cron/schedule'

const JOBS = `*/platform/projects/${REF}/cron/jobs`

function setup({ jobs = [], role = 'Developer' }: { jobs?: ReturnType<typeof cronJob>[]; role?: 'Developer' | 'Read-only' } = {}) {
  const posted: Record<string, unknown>[] = []
  let list = [...jobs]
  server.use(
    ...projectAndRole(role),
    http.get(JOBS, () => HttpResponse.json(list)),
    http.post(JOBS, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      posted.push(body)
      if (body.name === 'taken') return HttpResponse.json({ message: 'A cron job named "taken" already exists in this project: choose another name' }, { status: 409 })
      // As the platform does: the schedule in words comes with the job.
      const made = cronJob({ id: 9, ...(body as object), schedule_description: describeSchedule((body as { schedule: string }).schedule) })
      list = [...list, made]
      return HttpResponse.json(made, { status: 201 })
    })
  )
  return { posted, user: userEvent.setup() }
}

const dialog = () => screen.getByRole('dialog', { name: 'Create cron job' })

// Several user-event steps each: the default 5 s is short on a loaded machine.
describe('cron jobs screen', { timeout: 20_000 }, () => {
  it('shows the empty state, then validates the form before creating a job', async () => {
    const { posted, user } = setup()
    renderWithClient(<CronJobsScreen projectRef={REF} />)
    expect(await screen.findByText('No cron jobs yet')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Create job' }))
    // The dialog opens on the next render (a loaded machine may take a moment).
    await screen.findByRole('dialog', { name: 'Create cron job' })

    // Submitting empty says what is missing, and sends nothing.
    await user.click(within(dialog()).getByRole('button', { name: 'Create job' }))
    expect(within(dialog()).getByText('Enter a name')).toBeInTheDocument()
    expect(within(dialog()).getByText('Enter the SQL to run')).toBeInTheDocument()
    expect(within(dialog()).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')

    // The schedule is described as it is typed, or its error is shown.
    const schedule = within(dialog()).getByLabelText('Schedule')
    expect(within(dialog()).getByText(/^Every 5 minutes · next run/)).toBeInTheDocument()
    await user.clear(schedule)
    await user.type(schedule, '61 * * * *')
    expect(within(dialog()).getByText(/Invalid cron schedule: .*0-59/)).toBeInTheDocument()
    expect(schedule).toHaveAttribute('aria-invalid', 'true')
    await user.clear(schedule)
    await user.type(schedule, '90 seconds')
    expect(within(dialog()).getByText(/runs every 1 to 59 seconds/)).toBeInTheDocument()
    await user.selectOptions(within(dialog()).getByRole('combobox', { name: 'Schedule presets' }), 'Every Monday at 09:00')
    expect(schedule).toHaveValue('0 9 * * 1')
    expect(within(dialog()).getByText(/^At 09:00, only on Monday \(UTC\)/)).toBeInTheDocument()
    expect(posted).toEqual([])

    await user.type(within(dialog()).getByLabelText('Name'), 'weekly-report')
    await user.type(within(dialog()).getByLabelText('SQL command'), 'select 1')
    await user.click(within(dialog()).getByRole('button', { name: 'Create job' }))
    await waitFor(() => expect(posted).toEqual([{ name: 'weekly-report', schedule: '0 9 * * 1', command: 'select 1', active: true }]))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const table = await screen.findByRole('table', { name: 'Cron jobs' })
    expect(within(table).getByRole('rowheader', { name: 'weekly-report' })).toBeInTheDocument()
    expect(within(table).getByText('At 09:00, only on Monday (UTC)')).toBeInTheDocument()
  })

  it('shows the platform refusing a job inside the form', async () => {
    const { user } = setup()
    renderWithClient(<CronJobsScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Create job' }))
    await user.type(within(dialog()).getByLabelText('Name'), 'taken')
    await user.type(within(dialog()).getByLabelText('SQL command'), 'select 1')
    await user.click(within(dialog()).getByRole('button', { name: 'Create job' }))
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(/already exists in this project/)
  })

  it('lists jobs with their last run, and offers no changes to Read-only members', async () => {
    setup({
      role: 'Read-only',
      jobs: [
        cronJob({
          last_run: {
            id: 4,
            job_id: 1,
            status: 'failed',
            trigger: 'schedule',
            command: 'x',
            started_at: '2025-05-02T03:00:00.000Z',
            ended_at: '2025-05-02T03:00:01.000Z',
            duration_ms: 1200,
            return_message: 'ERROR: boom',
          },
        }),
      ],
    })
    renderWithClient(<CronJobsScreen projectRef={REF} />)
    const table = await screen.findByRole('table', { name: 'Cron jobs' })
    expect(within(table).getByText('Failed')).toBeInTheDocument()
    expect(within(table).getByText('At 03:00 (UTC)')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Run history of nightly-cleanup' })).toBeInTheDocument()
    await screen.findByText('Read-only access')
    expect(within(table).queryByRole('button', { name: 'Run nightly-cleanup now' })).not.toBeInTheDocument()
    expect(within(table).getByRole('switch', { name: 'Active: nightly-cleanup' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Create job' })).not.toBeInTheDocument()
  })

  it('shows a load failure with a retry', async () => {
    const user = userEvent.setup()
    let fail = true
    server.use(
      ...projectAndRole(),
      http.get(JOBS, () => (fail ? HttpResponse.json({ message: 'store down' }, { status: 500 }) : HttpResponse.json([])))
    )
    renderWithClient(<CronJobsScreen projectRef={REF} />)
    expect(await screen.findByText('Failed to load cron jobs')).toBeInTheDocument()
    expect(screen.getByText('store down')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No cron jobs yet')).toBeInTheDocument()
  })
})
