import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { server } from './msw-server'

// findBy*/waitFor wait up to 5 s, not 1 s: component tests that read from a PGlite pg-meta share
// 2 cores with the other workers in CI, and a first query there can take longer than a second.
configure({ asyncUtilTimeout: 5_000 })

// STYLE §11: handlers are set per test; an unhandled request fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
afterAll(() => server.close())
