import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toggle } from '@/components/ui/Toggle'

afterEach(() => {
  vi.useRealTimers()
})

describe('Toggle', () => {
  it('is a switch named by its label that flips on each click', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(<Toggle label="Analytics" onChange={onChange} />)
    const toggle = screen.getByRole('switch', { name: 'Analytics' })
    expect(toggle).toHaveAttribute('aria-checked', 'false')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'true')
    expect(onChange.mock.calls).toEqual([[true], [false], [true]])
  })

  it('starts from defaultChecked when uncontrolled', () => {
    render(<Toggle label="On by default" defaultChecked />)
    expect(screen.getByRole('switch', { name: 'On by default' })).toHaveAttribute('aria-checked', 'true')
  })

  it('follows the checked prop when controlled', async () => {
    const user = userEvent.setup()
    function Controlled() {
      const [on, setOn] = useState(true)
      return (
        <>
          <Toggle label="Controlled" checked={on} onChange={setOn} />
          <output>{on ? 'yes' : 'no'}</output>
        </>
      )
    }
    render(<Controlled />)
    await user.click(screen.getByRole('switch', { name: 'Controlled' }))
    expect(screen.getByRole('switch', { name: 'Controlled' })).toHaveAttribute('aria-checked', 'false')
    expect(screen.getByRole('status')).toHaveTextContent('no')
  })

  it('does nothing when disabled', async () => {
    const user = userEvent.setup()
    const onChange = vi.fn()
    const validate = vi.fn(() => undefined)
    render(<Toggle label="Locked" disabled onChange={onChange} validate={validate} />)
    const toggle = screen.getByRole('switch', { name: 'Locked' })
    expect(toggle).toBeDisabled()
    await user.click(toggle)
    fireEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect(onChange).not.toHaveBeenCalled()
    expect(validate).not.toHaveBeenCalled()
  })

  it('calls validate with the new value after each change', async () => {
    const user = userEvent.setup()
    const validate = vi.fn((_value: boolean) => undefined)
    render(<Toggle label="Validated" defaultChecked validate={validate} />)
    const toggle = screen.getByRole('switch', { name: 'Validated' })
    await user.click(toggle)
    await user.click(toggle)
    expect(validate.mock.calls).toEqual([[false], [true]])
  })

  it('shows the validation error only once the field was touched', () => {
    vi.useFakeTimers()
    render(<Toggle label="Terms" validate={(value) => (value ? undefined : 'You must accept the terms')} defaultChecked />)
    const toggle = screen.getByRole('switch', { name: 'Terms' })

    fireEvent.click(toggle) // now off: invalid, but not touched yet
    expect(screen.queryByText('You must accept the terms')).not.toBeInTheDocument()
    expect(toggle).not.toHaveAttribute('aria-invalid')

    fireEvent.blur(toggle)
    act(() => {
      vi.advanceTimersByTime(100)
    })
    expect(screen.getByRole('alert')).toHaveTextContent('You must accept the terms')
    expect(toggle).toHaveAttribute('aria-invalid', 'true')
    expect(toggle).toHaveAccessibleDescription('You must accept the terms')

    fireEvent.click(toggle) // valid again
    expect(screen.queryByText('You must accept the terms')).not.toBeInTheDocument()
  })

  it('shows an error at once when the form marks the field touched', () => {
    render(<Toggle label="Submitted" touched validate={() => 'Required'} />)
    fireEvent.click(screen.getByRole('switch', { name: 'Submitted' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Required')
  })

  it('notifies the form of a blur 100 ms later', () => {
    vi.useFakeTimers()
    const onBlur = vi.fn()
    render(<Toggle label="Blurred" onBlur={onBlur} />)
    const toggle = screen.getByRole('switch', { name: 'Blurred' })
    fireEvent.focus(toggle)
    fireEvent.blur(toggle)
    act(() => {
      vi.advanceTimersByTime(99)
    })
    expect(onBlur).not.toHaveBeenCalled()
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(onBlur).toHaveBeenCalledTimes(1)
  })

  it('does not call onBlur after unmounting', () => {
    vi.useFakeTimers()
    const onBlur = vi.fn()
    const { unmount } = render(<Toggle label="Gone" onBlur={onBlur} />)
    fireEvent.blur(screen.getByRole('switch', { name: 'Gone' }))
    unmount()
    vi.advanceTimersByTime(200)
    expect(onBlur).not.toHaveBeenCalled()
  })
})
