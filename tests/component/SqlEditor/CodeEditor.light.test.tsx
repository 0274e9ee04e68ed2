import { act, fireEvent, render, screen } from '@testing-library/react'
import { useRef, useState, useEffect } from 'react'
import type { CodeEditorHandle, CodeEditorProps } from '@/components/interfaces/SqlEditor/CodeEditor'
import type { MonacoEditorProps } from '@/components/interfaces/SqlEditor/MonacoEditor'

/** Monaco does not run in jsdom: a stand-in that becomes ready when the test says so. */
const monaco = vi.hoisted(() => ({ ready: null as null | (() => void), value: '' }))
vi.mock('@/components/interfaces/SqlEditor/MonacoEditor', () => ({
  MonacoEditor({ value, onReady, handleRef }: MonacoEditorProps) {
    monaco.value = value
    useEffect(() => {
      monaco.ready = () => {
        const handle: CodeEditorHandle = { getRunTarget: () => ({ sql: 'from monaco', offset: 0, isSelection: false }), focus() {}, revealIndex() {}, insertText() {} }
        if (handleRef) handleRef.current = handle
        onReady?.(handle)
      }
    }, [onReady, handleRef])
    return <div data-testid="monaco" />
  },
}))

let handle: { current: CodeEditorHandle | null }
const onRun = vi.fn()

async function renderEditor(initial = 'select 1;') {
  // A new module each time: the editor remembers, per page load, that Monaco was asked for.
  vi.resetModules()
  const { CodeEditor } = await import('@/components/interfaces/SqlEditor/CodeEditor')
  function Host(props: Partial<CodeEditorProps>) {
    const [value, setValue] = useState(initial)
    handle = useRef<CodeEditorHandle | null>(null)
    return <CodeEditor value={value} onChange={setValue} onRun={onRun} errorMark={null} handleRef={handle} ariaLabel="SQL query" {...props} />
  }
  return render(<Host />)
}

beforeEach(() => {
  monaco.ready = null
  onRun.mockReset()
})
afterEach(() => vi.useRealTimers())

describe('the SQL editor before Monaco is ready', () => {
  it('takes typing, selection runs and Ctrl+Enter at once, with Monaco not loaded', async () => {
    await renderEditor()
    const area = screen.getByRole('textbox', { name: 'SQL query' }) as HTMLTextAreaElement
    fireEvent.change(area, { target: { value: 'select 1;\nselect 2;' } })
    expect(area.value).toBe('select 1;\nselect 2;')
    area.setSelectionRange(10, 19)
    expect(handle.current?.getRunTarget()).toEqual({ sql: 'select 2;', offset: 10, isSelection: true })
    fireEvent.keyDown(area, { key: 'Enter', ctrlKey: true })
    expect(onRun).toHaveBeenCalledTimes(1)
    act(() => handle.current?.insertText('select 3;'))
    expect(area.value).toBe('select 1;\nselect 3;')
    area.setSelectionRange(0, 0)
    act(() => handle.current?.insertText('select 4;'))
    expect(area.value).toBe('select 1;\nselect 3;\n\nselect 4;')
  })

  it('loads Monaco when the user reaches for the editor, then hands it the text typed meanwhile', async () => {
    await renderEditor()
    const area = screen.getByRole('textbox', { name: 'SQL query' })
    expect(screen.queryByTestId('monaco')).toBeNull()
    fireEvent.pointerOver(area)
    await screen.findByTestId('monaco')
    fireEvent.change(area, { target: { value: 'select 42;' } })
    expect(monaco.value).toBe('select 42;')
    expect(screen.getByRole('textbox', { name: 'SQL query' })).toBeInTheDocument()
    act(() => monaco.ready?.())
    expect(screen.queryByRole('textbox', { name: 'SQL query' })).toBeNull()
    expect(handle.current?.getRunTarget().sql).toBe('from monaco')
  })

  it('loads Monaco on its own once the page has been quiet for 5 s, not before', async () => {
    vi.useFakeTimers()
    await renderEditor()
    await act(async () => vi.advanceTimersByTime(4_900))
    expect(screen.queryByTestId('monaco')).toBeNull()
    await act(async () => vi.advanceTimersByTime(200))
    vi.useRealTimers()
    await screen.findByTestId('monaco')
  })
})
