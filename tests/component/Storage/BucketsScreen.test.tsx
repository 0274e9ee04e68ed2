import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { BucketsScreen } from '@/components/interfaces/Storage/BucketsScreen'
import { server } from '@/tests/msw-server'
import { projectAndRole } from '../cron/cron-fixtures'
import { BASE, bucket, REF, renderWithClient, storageHandlers } from './storage-fixtures'

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 })

describe('Storage → Buckets', () => {
  it('lists buckets with their settings and creates one with a size limit and MIME types', async () => {
    const user = userEvent.setup()
    const { writes } = storageHandlers({ buckets: [bucket('avatars', { public: true, file_size_limit: 5 * 1024 * 1024, allowed_mime_types: ['image/*'] }), bucket('docs')] })
    renderWithClient(<BucketsScreen projectRef={REF} />)
    const table = await screen.findByRole('table', { name: 'Buckets' })
    const avatars = within(table).getByRole('row', { name: /avatars/ })
    expect(avatars).toHaveTextContent('Public')
    expect(avatars).toHaveTextContent('5 MB')
    expect(avatars).toHaveTextContent('image/*')
    expect(within(table).getByRole('row', { name: /docs/ })).toHaveTextContent('Private')
    expect(within(avatars).getByRole('link', { name: 'avatars' })).toHaveAttribute('href', `/project/${REF}/storage/buckets/avatars`)

    await user.click(screen.getByRole('button', { name: 'New bucket' }))
    const form = await dialog('Create bucket')
    await user.type(within(form).getByLabelText('Name'), 'bad name')
    await user.type(within(form).getByLabelText('File size limit (optional)'), 'lots')
    await user.type(within(form).getByLabelText('Allowed MIME types (optional)'), 'png')
    await user.click(within(form).getByRole('button', { name: 'Create bucket' }))
    expect(within(form).getByText('Use 1 to 100 letters, digits, dots, hyphens or underscores')).toBeInTheDocument()
    expect(within(form).getByText('Enter a size such as 5 MB, 500 KB or 1 GB')).toBeInTheDocument()
    expect(within(form).getByText('Not a MIME type: png')).toBeInTheDocument()
    expect(writes).toEqual([])

    await user.clear(within(form).getByLabelText('Name'))
    await user.type(within(form).getByLabelText('Name'), 'reports')
    await user.clear(within(form).getByLabelText('File size limit (optional)'))
    await user.type(within(form).getByLabelText('File size limit (optional)'), '10 MB')
    await user.clear(within(form).getByLabelText('Allowed MIME types (optional)'))
    await user.type(within(form).getByLabelText('Allowed MIME types (optional)'), 'application/pdf, text/*')
    await user.click(within(form).getByRole('switch', { name: 'Public bucket' }))
    await user.click(within(form).getByRole('button', { name: 'Create bucket' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: '', body: { name: 'reports', public: true, file_size_limit: 10 * 1024 * 1024, allowed_mime_types: ['application/pdf', 'text/*'] } }]))
    expect(await within(table).findByRole('row', { name: /reports/ })).toHaveTextContent('10 MB')
  }, 30_000)

  it('edits a bucket, and deletes one only once its name is typed', async () => {
    const user = userEvent.setup()
    const { writes } = storageHandlers({ buckets: [bucket('docs', { file_size_limit: 1024 * 1024 })] })
    renderWithClient(<BucketsScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Edit bucket docs' }))
    const form = await dialog('Edit bucket docs')
    expect(within(form).queryByLabelText('Name')).not.toBeInTheDocument()
    expect(within(form).getByLabelText('File size limit (optional)')).toHaveValue('1 MB')
    await user.clear(within(form).getByLabelText('File size limit (optional)'))
    await user.click(within(form).getByRole('button', { name: 'Save bucket' }))
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'PATCH', path: 'docs', body: { public: false, file_size_limit: null, allowed_mime_types: null } }))

    await user.click(screen.getByRole('button', { name: 'Delete bucket docs' }))
    const confirm = await dialog('Delete bucket docs?')
    const button = within(confirm).getByRole('button', { name: 'Delete bucket' })
    expect(button).toBeDisabled()
    await user.type(within(confirm).getByLabelText(/to confirm/), 'docs')
    await user.click(button)
    await waitFor(() => expect(writes.at(-1)).toEqual({ method: 'DELETE', path: 'docs', body: undefined }))
    expect(await screen.findByText('No buckets yet')).toBeInTheDocument()
  }, 20_000)

  it('empties a bucket after a confirm', async () => {
    const user = userEvent.setup()
    const { writes } = storageHandlers({ buckets: [bucket('docs')], objects: { docs: [{ path: 'a.txt', mimetype: 'text/plain' }] } })
    renderWithClient(<BucketsScreen projectRef={REF} />)
    await user.click(await screen.findByRole('button', { name: 'Empty bucket docs' }))
    await user.click(within(await dialog('Empty bucket docs?')).getByRole('button', { name: 'Empty bucket' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: 'docs/empty', body: {} }]))
  })

  it('shows a Read-only member the buckets without any write action', async () => {
    storageHandlers({ buckets: [bucket('docs')] }, 'Read-only')
    renderWithClient(<BucketsScreen projectRef={REF} />)
    expect(await screen.findByRole('table', { name: 'Buckets' })).toBeInTheDocument()
    expect(await screen.findByText(/Read-only members can browse buckets/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'New bucket' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Delete bucket/ })).not.toBeInTheDocument()
  })

  it('shows the failure with a retry, then the empty state', async () => {
    const user = userEvent.setup()
    let fail = true
    server.use(
      ...projectAndRole('Developer'),
      http.get(BASE, () => (fail ? HttpResponse.json({ message: 'storage is down' }, { status: 500 }) : HttpResponse.json([])))
    )
    renderWithClient(<BucketsScreen projectRef={REF} />)
    expect(await screen.findByText('Failed to load buckets')).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: /Retry|Try again/ }))
    expect(await screen.findByText('No buckets yet')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'New bucket' })).toBeInTheDocument()
  })
})
