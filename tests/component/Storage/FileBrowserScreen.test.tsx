import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { FileBrowserScreen } from '@/components/interfaces/Storage/FileBrowserScreen'
import { server } from '@/tests/msw-server'
import { FakeXhr } from '../fake-xhr'
import { bucket, PROJECT_STORAGE, REF, renderWithClient, storageHandlers } from './storage-fixtures'

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 })

beforeEach(() => {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => vi.unstubAllGlobals())

function renderBrowser(role: 'Developer' | 'Read-only' = 'Developer') {
  const fake = storageHandlers(
    {
      buckets: [bucket('docs')],
      objects: {
        docs: [
          { path: 'reports/q1.pdf', mimetype: 'application/pdf' },
          { path: 'empty/.emptyFolderPlaceholder', mimetype: 'text/plain' },
          { path: 'config.json', mimetype: 'application/json' },
          { path: 'cat.png', mimetype: 'image/png', size: 2048 },
          { path: 'notes.txt', mimetype: 'text/plain' },
        ],
      },
    },
    role
  )
  renderWithClient(<FileBrowserScreen projectRef={REF} bucketId="docs" />)
  return fake
}

describe('Storage → file browser', () => {
  it('lists folders first, hides folder placeholders, and walks folders by name and breadcrumbs', async () => {
    const user = userEvent.setup()
    renderBrowser()
    const table = await screen.findByRole('table', { name: 'Files' })
    const names = within(table).getAllByRole('button', { name: /^(Open folder|Preview) / }).map((b) => b.textContent)
    expect(names).toEqual(['empty', 'reports', 'cat.png', 'config.json', 'notes.txt'])
    await user.click(within(table).getByRole('button', { name: 'Open folder empty' }))
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument()
    await user.click(within(screen.getByRole('navigation', { name: 'Folder' })).getByRole('button', { name: 'docs' }))
    expect(await screen.findByRole('button', { name: 'Open folder reports' })).toBeInTheDocument()
  }, 20_000)

  it('uploads dropped files to a signed upload URL with a progress bar per file', async () => {
    const { writes, addObject } = renderBrowser()
    const zone = await screen.findByTestId('storage-dropzone')
    const a = new File(['hello'], 'hello.txt', { type: 'text/plain' })
    const b = new File(['{}'], 'b.json', { type: 'application/json' })
    fireEvent.dragOver(zone, { dataTransfer: { files: [a, b] } })
    expect(screen.getByText('Drop files to upload to the bucket root')).toBeInTheDocument()
    fireEvent.drop(zone, { dataTransfer: { files: [a, b] } })
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2))
    expect(writes.filter((w) => w.path === 'docs/upload-url').map((w) => w.body)).toEqual([{ path: 'hello.txt', upsert: false }, { path: 'b.json', upsert: false }])
    const [first, second] = FakeXhr.sent
    expect(first).toMatchObject({ method: 'PUT', url: `${PROJECT_STORAGE}/object/upload/sign/docs/hello.txt?token=up`, body: a, headers: { 'content-type': 'text/plain' } })

    first.progress(2, 5)
    const bar = screen.getByRole('progressbar', { name: 'Upload of hello.txt' })
    expect(bar).toHaveAttribute('value', '40')
    expect(within(screen.getByRole('region', { name: 'Uploads' })).getByText('40%')).toBeInTheDocument()
    addObject('docs', { path: 'hello.txt', mimetype: 'text/plain' })
    first.finish(200)
    second.finish(415, JSON.stringify({ message: 'mime type application/json is not supported in this bucket' }))
    expect(await screen.findByText('mime type application/json is not supported in this bucket')).toBeInTheDocument()
    expect(screen.getByText('Uploaded')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Preview hello.txt' })).toBeInTheDocument()
  })

  it('deletes several selected files after a confirm', async () => {
    const user = userEvent.setup()
    const { writes } = renderBrowser()
    await user.click(await screen.findByRole('checkbox', { name: 'Select cat.png' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select notes.txt' }))
    await user.click(screen.getByRole('button', { name: 'Delete 2 files' }))
    const confirm = await dialog('Delete 2 files?')
    expect(within(confirm).getByText('cat.png')).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 files' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'DELETE', path: 'docs/objects', body: { paths: ['cat.png', 'notes.txt'] } }]))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Preview cat.png' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Preview config.json' })).toBeInTheDocument()
  }, 20_000)

  it('previews JSON pretty-printed and images by signed URL, and shows thumbnails in the grid', async () => {
    const user = userEvent.setup()
    server.use(http.get(`${PROJECT_STORAGE}/object/sign/docs/config.json`, () => HttpResponse.json({ name: 'demo', list: [1] })))
    renderBrowser()
    await user.click(await screen.findByRole('button', { name: 'Preview config.json' }))
    const panel = await screen.findByRole('complementary', { name: 'Preview of config.json' }, { timeout: 10_000 })
    expect(await within(panel).findByLabelText('Contents of config.json')).toHaveTextContent('{ "name": "demo", "list": [ 1 ] }')

    await user.click(screen.getByRole('button', { name: 'Preview cat.png' }))
    const image = await within(await screen.findByRole('complementary', { name: 'Preview of cat.png' })).findByRole('img', { name: 'cat.png' })
    expect(image).toHaveAttribute('src', `${PROJECT_STORAGE}/object/sign/docs/cat.png?token=t600`)

    await user.click(screen.getByRole('button', { name: 'Grid' }))
    const grid = await screen.findByRole('list', { name: 'Files' })
    await waitFor(() => expect(within(grid).getByRole('button', { name: 'Preview cat.png' }).querySelector('img')).toHaveAttribute('src', `${PROJECT_STORAGE}/object/sign/docs/cat.png?token=t600&thumb`))
  }, 20_000)

  it('closes the preview with Escape, but not while one of its dialogs is open', async () => {
    const user = userEvent.setup()
    server.use(http.get(`${PROJECT_STORAGE}/object/sign/docs/config.json`, () => HttpResponse.json({ name: 'demo' })))
    renderBrowser()
    await user.click(await screen.findByRole('button', { name: 'Preview config.json' }))
    const panel = await screen.findByRole('complementary', { name: 'Preview of config.json' }, { timeout: 10_000 })
    await user.click(within(panel).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('complementary', { name: 'Preview of config.json' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Preview of config.json' })).not.toBeInTheDocument())
  }, 20_000)

  it('copies a signed URL with a chosen expiry', async () => {
    const user = userEvent.setup()
    renderBrowser()
    server.use(http.get(`${PROJECT_STORAGE}/object/sign/docs/notes.txt`, () => HttpResponse.text('some notes')))
    await user.click(await screen.findByRole('button', { name: 'Preview notes.txt' }))
    const panel = await screen.findByRole('complementary', { name: 'Preview of notes.txt' }, { timeout: 10_000 })
    expect(await within(panel).findByText('some notes')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Copy URL' }))
    const modal = await dialog('Copy URL')
    await user.click(within(modal).getByRole('radio', { name: '1 month' }))
    await user.click(within(modal).getByRole('button', { name: 'Get URL' }))
    expect(await within(modal).findByRole('textbox', { name: 'URL' })).toHaveValue(`${PROJECT_STORAGE}/object/sign/docs/notes.txt?token=t${30 * 24 * 3600}`)
    await user.click(within(modal).getByRole('radio', { name: 'Custom' }))
    await user.clear(within(modal).getByLabelText('Expires after'))
    await user.type(within(modal).getByLabelText('Expires after'), '400')
    await user.selectOptions(within(modal).getByLabelText('Unit'), 'days')
    expect(within(modal).getByText('Enter a whole number, at most a year')).toBeInTheDocument()
    expect(within(modal).getByRole('button', { name: 'Get URL' })).toBeDisabled()
  }, 20_000)

  it('lets a Read-only member browse and preview but not upload, select or delete', async () => {
    renderBrowser('Read-only')
    expect(await screen.findByRole('button', { name: 'Preview notes.txt' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload files' })).not.toBeInTheDocument())
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    fireEvent.drop(screen.getByTestId('storage-dropzone'), { dataTransfer: { files: [new File(['x'], 'x.txt')] } })
    expect(FakeXhr.sent).toEqual([])
  })
})
