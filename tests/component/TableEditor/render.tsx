import { http, HttpResponse } from 'msw'
import type { ReactElement } from 'react'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'

export const REF = 'abcdefghijklmnopqrst'

/**
 * Renders with a healthy project (connection string ready) and the given pg-meta handler; the
 * signed-in member has `role` in the project's organization.
 */
export function renderEditor(ui: ReactElement, pgMeta: Parameters<typeof server.use>[0], role = 'Developer') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref: REF }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pgMeta
  )
  return renderWithClient(<TooltipProvider>{ui}</TooltipProvider>)
}
