import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Modal, MODAL_WIDTHS } from '@/components/ui/Modal'
import { DIALOG_SIZES } from '@/lib/constants'

describe('Modal', () => {
  it('has one width per spec size, each wider than the one before', () => {
    expect(Object.keys(MODAL_WIDTHS)).toEqual(['tiny', 'small', 'medium', 'large', 'xlarge', 'xxlarge', 'xxxlarge'])
    const px = DIALOG_SIZES.map((size) => Number.parseInt(MODAL_WIDTHS[size], 10))
    expect(px).toEqual([...px].sort((a, b) => a - b))
    expect(new Set(px).size).toBe(px.length)
  })

  it.each(DIALOG_SIZES)('renders the %s size at its width', (size) => {
    render(
      <Modal open onOpenChange={() => {}} title="Sized" size={size}>
        body
      </Modal>
    )
    const dialog = screen.getByRole('dialog', { name: 'Sized' })
    expect(dialog).toHaveAttribute('data-size', size)
    expect(dialog).toHaveStyle({ maxWidth: MODAL_WIDTHS[size] })
  })

  it('is medium by default', () => {
    render(<Modal open onOpenChange={() => {}} title="Default" />)
    expect(screen.getByRole('dialog', { name: 'Default' })).toHaveAttribute('data-size', 'medium')
    expect(screen.getByRole('dialog', { name: 'Default' })).toHaveStyle({ maxWidth: '576px' })
  })

  it('shows title, description, body and footer, and is described by the description', () => {
    render(
      <Modal open onOpenChange={() => {}} title="Delete project" description="This cannot be undone." footer={<button>Confirm</button>}>
        <p>Body text</p>
      </Modal>
    )
    const dialog = screen.getByRole('dialog', { name: 'Delete project' })
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.')
    expect(screen.getByText('Body text')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument()
  })

  it('closes through its accessible Close button and with Escape', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    function Harness() {
      const [open, setOpen] = useState(true)
      return (
        <Modal
          open={open}
          onOpenChange={(next) => {
            onOpenChange(next)
            setOpen(next)
          }}
          title="Closable"
        />
      )
    }
    const { unmount } = render(<Harness />)
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    unmount()

    onOpenChange.mockClear()
    render(<Harness />)
    await user.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('renders nothing while closed', () => {
    render(<Modal open={false} onOpenChange={() => {}} title="Hidden" />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
