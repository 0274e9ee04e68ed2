import { setupServer } from 'msw/node'

/** The one msw server of the unit and component tests; each test adds its own handlers. */
export const server = setupServer()
