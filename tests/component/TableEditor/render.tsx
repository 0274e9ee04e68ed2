import { http, HttpResponse } from 'msw'
import type { ReactElement } from 'react'
import { server } from '@/tests/msw-server'
import { projectDetail, renderWithClient } from '../Organizations/fixtures'

export const REF = 'abcdefghijklmnopqrst'

/** Renders with a healthy project (connection string ready) and the given pg-meta handler. */
export function renderEditor(ui: ReactElement, pgMeta: Parameters<typeof server.use>[0]) {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    pgMeta
  )
  return renderWithClient(ui)
}
