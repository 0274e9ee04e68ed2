import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CopyButton } from '@/components/ui/CopyButton'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('sonner', () => ({ toast: { error: toastError } }))

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  toastError.mockClear()
})

describe('CopyButton', () => {
  it('copies the text, says "Copied" for 2 s, then "Copy" again', async () => {
    const user = userEvent.setup()
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    render(<CopyButton text="postgres://db.example.com" />)

    await user.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('postgres://db.example.com')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('goes back from "Copied" to "Copy" after exactly 2 s', async () => {
    vi.useFakeTimers()
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<CopyButton text="abc" />)

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    })
    expect(writeText).toHaveBeenCalledWith('abc')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()

    act(() => {
      vi.advanceTimersByTime(1999)
    })
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    expect(toastError).not.toHaveBeenCalled()
  })

  it('toasts "Unable to copy to clipboard" when the window is not focused', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<CopyButton text="abc" />)

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    })
    expect(toastError).toHaveBeenCalledWith('Unable to copy to clipboard')
    expect(writeText).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it('toasts the same message when the clipboard refuses the write', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')))
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    render(<CopyButton text="abc" />)

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    })
    expect(toastError).toHaveBeenCalledWith('Unable to copy to clipboard')
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument()
  })

  it('builds the text at click time and takes custom labels', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true)
    const writeText = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    let n = 0
    render(<CopyButton text={() => `report ${++n}`} label="Copy error" />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy error' }))
    })
    expect(writeText).toHaveBeenCalledWith('report 1')
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })
})
