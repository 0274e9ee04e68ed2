import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Admonition } from '@/components/ui/Admonition'
import { Badge } from '@/components/ui/Badge'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { Skeleton, SkeletonLines } from '@/components/ui/Skeleton'
import { Spinner } from '@/components/ui/Spinner'
import { Tooltip } from '@/components/ui/Tooltip'
import { TooltipProvider } from '@/components/ui/TooltipProvider'

describe('small parts', () => {
  it('Admonition shows its title and text with the class of its type', () => {
    const { container } = render(
      <Admonition type="warning" title="Heads up">
        Something to know
      </Admonition>
    )
    expect(screen.getByText('Heads up')).toHaveClass('admonition-title')
    expect(screen.getByText('Something to know')).toBeInTheDocument()
    expect(container.firstChild).toHaveClass('admonition', 'admonition-warning')
  })

  it('Admonition danger uses the danger class', () => {
    const { container } = render(<Admonition type="danger" title="Stop" />)
    expect(container.firstChild).toHaveClass('admonition-danger')
  })

  it('Badge renders its variant', () => {
    render(<Badge variant="brand">New</Badge>)
    expect(screen.getByText('New')).toHaveClass('badge', 'badge-brand')
  })

  it('Spinner and SkeletonLines announce loading; Skeleton is hidden', () => {
    const { container } = render(
      <>
        <Spinner label="Loading projects" />
        <SkeletonLines label="Loading list" />
        <Skeleton width={40} height={10} />
      </>
    )
    expect(screen.getByRole('status', { name: 'Loading projects' })).toBeInTheDocument()
    expect(screen.getByRole('status', { name: 'Loading list' })).toBeInTheDocument()
    const blocks = container.querySelectorAll('.skeleton')
    expect(blocks.length).toBe(4)
    expect(blocks[3]).toHaveAttribute('aria-hidden', 'true')
    expect(blocks[3]).toHaveStyle({ width: '40px', height: '10px' })
  })

  it('EmptyState shows title, description and action', () => {
    render(<EmptyState title="No projects" description="Create one to start" action={<button>New project</button>} />)
    expect(screen.getByText('No projects')).toBeInTheDocument()
    expect(screen.getByText('Create one to start')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'New project' })).toBeInTheDocument()
  })

  it('ErrorState shows the error message and a Retry button that calls back', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    render(<ErrorState title="Failed to load projects" error={new Error('An error has occurred: 500')} onRetry={onRetry} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Failed to load projects')
    expect(alert).toHaveTextContent('An error has occurred: 500')
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('ErrorState without onRetry has no button and falls back to a generic message', () => {
    render(<ErrorState error={{}} />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred.')
  })

  it('Tooltip shows its content on focus', async () => {
    const user = userEvent.setup()
    render(
      <TooltipProvider>
        <Tooltip content="Copies the connection string">
          <button>Copy</button>
        </Tooltip>
      </TooltipProvider>
    )
    await user.tab()
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Copies the connection string')
  })

  it('Tooltip with no content renders the trigger alone', () => {
    render(
      <Tooltip content="">
        <button>Plain</button>
      </Tooltip>
    )
    expect(screen.getByRole('button', { name: 'Plain' })).toBeInTheDocument()
  })
})
