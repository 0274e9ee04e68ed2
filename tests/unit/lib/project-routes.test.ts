import { describe, expect, it } from 'vitest'
import { EXTENSION_ROUTES, projectRoute } from '@/lib/catalogue/extensions'
import { projectRoutes } from '@/lib/navigation/project-routes'

const hrefs = (advisorRulesPreview: boolean) => projectRoutes({ advisorRulesPreview }).map((route) => route.href('abc'))

describe('projectRoutes', () => {
  it('puts the security advisor under /advisors/rules/security only with the advisor rules preview (spec §2)', () => {
    expect(hrefs(true)).toContain('/project/abc/advisors/rules/security')
    expect(hrefs(true)).not.toContain('/project/abc/advisors/security')
    expect(hrefs(false)).toContain('/project/abc/advisors/security')
    expect(hrefs(false)).not.toContain('/project/abc/advisors/rules/security')
  })

  it('reaches every screen the extension catalogue links to', () => {
    for (const template of Object.values(EXTENSION_ROUTES)) {
      expect(hrefs(false), template).toContain(projectRoute(template, 'abc'))
    }
  })

  it('has unique keys, and every area is shipped', () => {
    const routes = projectRoutes({ advisorRulesPreview: false })
    expect(new Set(routes.map((r) => r.key)).size).toBe(routes.length)
    expect(routes.filter((r) => !r.available).map((r) => r.key)).toEqual([])
  })
})
