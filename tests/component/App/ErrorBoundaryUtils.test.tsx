import { describe, expect, it, vi } from 'vitest'
import {
  buildSupportUrl,
  clearBrowserStorageAndReload,
  errorClipboardText,
  isDomManipulationError,
  toError,
} from '@/components/interfaces/App/ErrorBoundary/ErrorBoundary.utils'

function errorWithStack(message: string, stack?: string): Error {
  const error = new Error(message)
  error.stack = stack
  return error
}

describe('buildSupportUrl', () => {
  const error = errorWithStack('x is undefined', 'TypeError: x is undefined\n    at Table (table.tsx:10:5)\n    at Page (page.tsx:3:1)')

  it('builds /support/new with category, sid, subject and a message holding the path name and the stack', () => {
    const url = new URL(buildSupportUrl({ error, reportId: 'abc123', pathname: '/dashboard/project/ref/sql/1' }), 'http://x')
    expect(url.pathname).toBe('/support/new')
    expect([...url.searchParams.keys()]).toEqual(['category', 'sid', 'subject', 'message'])
    expect(url.searchParams.get('category')).toBe('dashboard_bug')
    expect(url.searchParams.get('sid')).toBe('abc123')
    expect(url.searchParams.get('subject')).toBe('Dashboard error: x is undefined')
    expect(url.searchParams.get('message')).toBe(
      'Path name: /dashboard/project/ref/sql/1\n\nTypeError: x is undefined\n    at Table (table.tsx:10:5)\n    at Page (page.tsx:3:1)'
    )
  })

  it('leaves sid out without a report id', () => {
    const url = new URL(buildSupportUrl({ error, reportId: null, pathname: '/' }), 'http://x')
    expect(url.searchParams.has('sid')).toBe(false)
  })

  it('encodes characters that would break the query string', () => {
    const tricky = errorWithStack('a&b=c #d?e', undefined)
    const url = new URL(buildSupportUrl({ error: tricky, reportId: 'r', pathname: '/p&q' }), 'http://x')
    expect(url.searchParams.get('subject')).toBe('Dashboard error: a&b=c #d?e')
    expect(url.searchParams.get('message')).toBe('Path name: /p&q\n\nError: a&b=c #d?e')
    expect(url.hash).toBe('')
  })

  it('keeps the subject within 200 characters and uses only the first line of the message', () => {
    const long = errorWithStack(`${'y'.repeat(300)}\nsecond line`, 'stack')
    const subject = new URL(buildSupportUrl({ error: long, reportId: null, pathname: '/' }), 'http://x').searchParams.get('subject')!
    expect(subject.length).toBe(200)
    expect(subject).not.toContain('second line')
  })

  it('shortens a very long stack so the link stays usable', () => {
    const long = errorWithStack('deep', `Error: deep\n${'    at f (f.js:1:1)\n'.repeat(2000)}`)
    const message = new URL(buildSupportUrl({ error: long, reportId: null, pathname: '/p' }), 'http://x').searchParams.get('message')!
    expect(message.startsWith('Path name: /p\n\nError: deep')).toBe(true)
    expect(message.length).toBeLessThanOrEqual(4000)
  })
})

describe('isDomManipulationError', () => {
  it.each([
    ["Failed to execute 'removeChild' on 'Node'", true],
    ["Failed to execute 'insertBefore' on 'Node'", true],
    ['NotFoundError: The object can not be found here. removeChild', true],
    ['Cannot read properties of undefined', false],
    ['removeChildren is not a function', false],
  ])('%s → %s', (message, expected) => {
    expect(isDomManipulationError(new Error(message))).toBe(expected)
  })
})

describe('errorClipboardText', () => {
  it('is the message, a blank line, then the stack', () => {
    expect(errorClipboardText(errorWithStack('boom', 'Error: boom\n    at A'))).toBe('boom\n\nError: boom\n    at A')
  })
  it('falls back to name and message without a stack', () => {
    expect(errorClipboardText(errorWithStack('boom', undefined))).toBe('boom\n\nError: boom')
  })
})

describe('toError', () => {
  it('keeps errors and wraps anything else thrown', () => {
    const error = new Error('e')
    expect(toError(error)).toBe(error)
    expect(toError('text').message).toBe('text')
    expect(toError({ code: 1 }).message).toBe('{"code":1}')
  })
})

describe('clearBrowserStorageAndReload', () => {
  it('clears both storages, then reloads', () => {
    localStorage.setItem('a', '1')
    sessionStorage.setItem('b', '2')
    const reload = vi.fn()
    clearBrowserStorageAndReload({ localStorage, sessionStorage, location: { reload } as unknown as Location })
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('still reloads when storage is blocked', () => {
    const reload = vi.fn()
    const blocked = {
      clear: () => {
        throw new DOMException('blocked', 'SecurityError')
      },
    } as unknown as Storage
    clearBrowserStorageAndReload({ localStorage: blocked, sessionStorage: blocked, location: { reload } as unknown as Location })
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
