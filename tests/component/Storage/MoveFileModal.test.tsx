import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { MoveFileModal } from '@/components/interfaces/Storage/MoveFileModal'
import { bucket, REF, renderWithClient, storageHandlers } from './storage-fixtures'

/** The file move form (the frame it shares with the folder move: MovePathModal). */
describe('Storage → move a file', () => {
  it('refuses the current path, then moves to a new path and says so', async () => {
    const user = userEvent.setup()
    const { writes, objects } = storageHandlers({ buckets: [bucket('docs')], objects: { docs: [{ path: 'reports/q1.pdf', mimetype: 'application/pdf' }] } }, 'Developer')
    const onMoved = vi.fn()
    const onClose = vi.fn()
    renderWithClient(<MoveFileModal projectRef={REF} bucketId="docs" path="reports/q1.pdf" onClose={onClose} onMoved={onMoved} />)
    const form = await screen.findByRole('dialog', { name: 'Move file' })
    expect(within(form).getByText('From reports/q1.pdf')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Move file' }))
    expect(within(form).getByText('Enter a path other than the current one')).toBeInTheDocument()
    const input = within(form).getByLabelText('New path')
    await user.clear(input)
    await user.type(input, '/archive/2024/q1.pdf')
    await user.click(within(form).getByRole('button', { name: 'Move file' }))
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', path: 'docs/move', body: { from: 'reports/q1.pdf', to: 'archive/2024/q1.pdf' } }]))
    await waitFor(() => expect(onMoved).toHaveBeenCalledTimes(1))
    expect(onClose).toHaveBeenCalled()
    expect(objects.docs.map((o) => o.path)).toEqual(['archive/2024/q1.pdf'])
  })
})
