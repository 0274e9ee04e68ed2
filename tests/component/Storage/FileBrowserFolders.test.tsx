import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { FileBrowserScreen } from '@/components/interfaces/Storage/FileBrowserScreen'
import { server } from '@/tests/msw-server'
import { BASE, bucket, PROJECT_STORAGE, REF, renderWithClient, storageHandlers, type FakeObject } from './storage-fixtures'

/** The file browser past one page and beyond single files: paging, search, folders as units, a row's URL. */

const dialog = (name: string | RegExp) => screen.findByRole('dialog', { name }, { timeout: 10_000 })

const TREE: FakeObject[] = [
  { path: 'reports/q1.pdf', mimetype: 'application/pdf' },
  { path: 'reports/2024/q2.pdf', mimetype: 'application/pdf' },
  { path: 'reports/2024/deep/q3.pdf', mimetype: 'application/pdf' },
  { path: 'reports/empty/.emptyFolderPlaceholder', mimetype: 'text/plain' },
  { path: 'cat.png', mimetype: 'image/png' },
  { path: 'notes.txt', mimetype: 'text/plain' },
  { path: 'notice.md', mimetype: 'text/markdown' },
]

function renderBrowser(objects: FakeObject[] = TREE, role: 'Developer' | 'Read-only' = 'Developer') {
  const fake = storageHandlers({ buckets: [bucket('docs')], objects: { docs: objects } }, role)
  renderWithClient(<FileBrowserScreen projectRef={REF} bucketId="docs" />)
  return fake
}

describe('Storage → file browser: paging, search, folders, row actions', () => {
  it('lists a big folder 200 at a time with Load more, saying honestly how many are shown', async () => {
    const user = userEvent.setup()
    const many = Array.from({ length: 230 }, (_, i) => ({ path: `f${String(i).padStart(3, '0')}.txt`, mimetype: 'text/plain' }))
    const { lists } = renderBrowser(many)
    // Text queries: role queries over a few hundred rows are slow in jsdom.
    expect(await screen.findByText('Showing the first 200 items; this folder has more', {}, { timeout: 10_000 })).toHaveAttribute('role', 'status')
    expect(screen.getByText('f199.txt')).toBeInTheDocument()
    expect(screen.queryByText('f200.txt')).not.toBeInTheDocument()
    await user.click(screen.getByText('Load more'))
    expect(await screen.findByText('f229.txt')).toBeInTheDocument()
    expect(screen.getByText('230 items')).toHaveAttribute('role', 'status')
    expect(screen.queryByText('Load more')).not.toBeInTheDocument()
    expect(lists.map((l) => [l.limit, l.offset])).toEqual([[200, 0], [200, 200]])
  }, 30_000)

  it('searches the current folder once typing settles, with an empty state naming the search', async () => {
    const user = userEvent.setup()
    const { lists } = renderBrowser()
    await screen.findByRole('button', { name: 'Preview cat.png' })
    await user.type(screen.getByRole('searchbox', { name: 'Search files in this folder' }), 'noti')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Preview cat.png' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Preview notice.md' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Preview notes.txt' })).not.toBeInTheDocument()
    expect(screen.getByText('1 match')).toHaveAttribute('role', 'status')
    // Debounced: one listing for the settled text, none for each keystroke.
    expect(lists.map((l) => l.search)).toEqual(['', 'noti'])
    await user.type(screen.getByRole('searchbox', { name: 'Search files in this folder' }), 'zz')
    expect(await screen.findByText('No files match “notizz”')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(await screen.findByRole('button', { name: 'Preview cat.png' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search files in this folder' })).toHaveValue('')
  }, 20_000)

  it("keeps a folder's last results while its search changes, but never shows them in another folder", async () => {
    const user = userEvent.setup()
    renderBrowser()
    await screen.findByRole('button', { name: 'Preview cat.png' })
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    server.use(
      http.post(`${BASE}/:id/objects/list`, async ({ request }) => {
        const { prefix, search } = (await request.clone().json()) as { prefix: string; search: string }
        if (prefix === 'reports' || search === 'rep') await gate
      })
    )
    await user.type(screen.getByRole('searchbox', { name: 'Search files in this folder' }), 'rep')
    await waitFor(() => expect(screen.getByRole('table', { name: 'Files' })).toHaveAttribute('aria-busy', 'true'))
    expect(screen.getByRole('button', { name: 'Preview cat.png' })).toBeInTheDocument()
    release()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Preview cat.png' })).not.toBeInTheDocument())
    expect(screen.getByRole('table', { name: 'Files' })).not.toHaveAttribute('aria-busy')
    let releaseFolder = () => {}
    const folderGate = new Promise<void>((resolve) => (releaseFolder = resolve))
    server.use(
      http.post(`${BASE}/:id/objects/list`, async ({ request }) => {
        if (((await request.clone().json()) as { prefix: string }).prefix === 'reports') await folderGate
      })
    )
    await user.click(screen.getByRole('button', { name: 'Open folder reports' }))
    expect(await screen.findByRole('status', { name: 'Loading files' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open folder reports' })).not.toBeInTheDocument()
    releaseFolder()
    expect(await screen.findByRole('button', { name: 'Open folder 2024' })).toBeInTheDocument()
    expect(screen.getByRole('searchbox', { name: 'Search files in this folder' })).toHaveValue('')
  }, 20_000)

  it('deletes a selected folder with everything under it, saying first how many files go', async () => {
    const user = userEvent.setup()
    const { writes, objects } = renderBrowser()
    await user.click(await screen.findByRole('checkbox', { name: 'Select reports' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select cat.png' }))
    await user.click(screen.getByRole('button', { name: 'Delete 2 items' }))
    const confirm = await dialog('Delete 2 items?')
    expect(within(confirm).getByText('reports/')).toBeInTheDocument()
    expect(await within(confirm).findByText('4 files')).toBeInTheDocument()
    expect(within(confirm).getByText(/will be deleted, everything under reports\/ included/)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Delete 4 files' }))
    await waitFor(() =>
      expect(writes).toEqual([
        { method: 'POST', path: 'docs/folders/delete', body: { prefixes: ['reports'] } },
        { method: 'DELETE', path: 'docs/objects', body: { paths: ['cat.png'] } },
      ])
    )
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open folder reports' })).not.toBeInTheDocument())
    expect(objects.docs.map((o) => o.path)).toEqual(['notes.txt', 'notice.md'])
  }, 20_000)

  it('names one folder in the delete confirm and counts only real files, an empty one holding none', async () => {
    const user = userEvent.setup()
    renderBrowser()
    await user.click(await screen.findByRole('checkbox', { name: 'Select reports' }))
    await user.click(screen.getByRole('button', { name: 'Delete 1 folder' }))
    const confirm = await dialog('Delete reports/?')
    expect(await within(confirm).findByRole('button', { name: 'Delete 3 files' })).toBeEnabled()
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select reports' }))
    await user.click(screen.getByRole('button', { name: 'Open folder reports' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Select empty' }))
    await user.click(screen.getByRole('button', { name: 'Delete 1 folder' }))
    const empty = await dialog('Delete reports/empty/?')
    expect(await within(empty).findByText('The folder holds no files.')).toBeInTheDocument()
    expect(within(empty).getByRole('button', { name: 'Delete folder' })).toBeEnabled()
  }, 20_000)

  it('moves a folder from its row, everything under it too', async () => {
    const user = userEvent.setup()
    const { writes, objects } = renderBrowser()
    await user.click(await screen.findByRole('button', { name: 'Move folder reports' }))
    const form = await dialog('Move folder')
    expect(await within(form).findByText('From reports/: 3 files will move with it')).toBeInTheDocument()
    const input = within(form).getByLabelText('New folder path')
    await user.clear(input)
    await user.type(input, 'reports/inner')
    await user.click(within(form).getByRole('button', { name: 'Move folder' }))
    expect(within(form).getByText('A folder cannot move into itself')).toBeInTheDocument()
    await user.clear(input)
    await user.type(input, 'archive/2023/')
    await user.click(within(form).getByRole('button', { name: 'Move folder' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: 'docs/folders/move', body: { from: 'reports', to: 'archive/2023' } }]))
    expect(await screen.findByRole('button', { name: 'Open folder archive' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Open folder reports' })).not.toBeInTheDocument()
    expect(objects.docs.filter((o) => o.path.startsWith('archive/2023/')).length).toBe(4)
  }, 20_000)

  it("copies a file's URL from its row", async () => {
    const user = userEvent.setup()
    renderBrowser()
    await user.click(await screen.findByRole('button', { name: 'Copy URL of notes.txt' }))
    const modal = await dialog('Copy URL')
    expect(within(modal).getByText('notes.txt')).toBeInTheDocument()
    await user.click(within(modal).getByRole('button', { name: 'Get URL' }))
    expect(await within(modal).findByRole('textbox', { name: 'URL' })).toHaveValue(`${PROJECT_STORAGE}/object/sign/docs/notes.txt?token=t${7 * 24 * 3600}`)
  }, 20_000)

  it('gives a Read-only member Copy URL on rows but no folder moves', async () => {
    renderBrowser(TREE, 'Read-only')
    expect(await screen.findByRole('button', { name: 'Copy URL of notes.txt' })).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload files' })).not.toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Move folder reports' })).not.toBeInTheDocument()
  })
})
