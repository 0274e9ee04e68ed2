import { http, HttpResponse } from 'msw'
import type { ReactElement } from 'react'
import { TooltipProvider } from '@/components/ui/TooltipProvider'
import { server } from '@/tests/msw-server'
import { organization, projectDetail, renderWithClient } from '../Organizations/fixtures'
import type { createPgMeta } from './pglite-pg-meta'

/** Renders a database screen of project `ref` for a member of `role`, its SQL answered by `pg`. */
export function renderDatabaseScreen(pg: Awaited<ReturnType<typeof createPgMeta>>, ref: string, screenElement: ReactElement, role = 'Developer') {
  server.use(
    http.get('*/platform/projects/:ref', () => HttpResponse.json(projectDetail({ ref }))),
    http.get('*/platform/organizations', () => HttpResponse.json([organization({ role })])),
    pg.handler
  )
  return renderWithClient(<TooltipProvider>{screenElement}</TooltipProvider>)
}
