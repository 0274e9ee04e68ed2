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

  it('lists Project settings → General, then API, under Settings, before the vault', () => {
    const settings = projectRoutes({ advisorRulesPreview: false }).filter((r) => r.section === 'Settings')
    expect(settings.map((r) => [r.label, r.href('abc')])).toEqual([
      ['General', '/project/abc/settings/general'],
      ['API', '/project/abc/settings/api'],
      ['Vault secrets', '/project/abc/settings/vault/secrets'],
    ])
  })

  it('lists Authentication → Users, Policies, then Settings, right after the database areas', () => {
    const routes = projectRoutes({ advisorRulesPreview: false })
    const auth = routes.filter((r) => r.section === 'Authentication')
    expect(auth.map((r) => [r.label, r.href('abc')])).toEqual([
      ['Users', '/project/abc/auth/users'],
      ['Policies', '/project/abc/auth/policies'],
      ['Settings', '/project/abc/auth/settings'],
    ])
    const sections = [...new Set(routes.map((r) => r.section))]
    expect(sections.indexOf('Authentication')).toBe(sections.indexOf('Database') + 1)
  })

  it('lists Storage → Buckets, then Policies', () => {
    const storage = projectRoutes({ advisorRulesPreview: false }).filter((r) => r.section === 'Storage')
    expect(storage.map((r) => [r.label, r.href('abc')])).toEqual([
      ['Buckets', '/project/abc/storage/buckets'],
      ['Policies', '/project/abc/storage/policies'],
    ])
  })

  it('lists Edge Functions → Functions, then Secrets, right after Storage', () => {
    const routes = projectRoutes({ advisorRulesPreview: false })
    expect(routes.filter((r) => r.section === 'Edge Functions').map((r) => [r.label, r.href('abc')])).toEqual([
      ['Functions', '/project/abc/functions'],
      ['Secrets', '/project/abc/functions/secrets'],
    ])
    const sections = [...new Set(routes.map((r) => r.section))]
    expect(sections.indexOf('Edge Functions')).toBe(sections.indexOf('Storage') + 1)
  })

  it('has unique keys, and every area is shipped', () => {
    const routes = projectRoutes({ advisorRulesPreview: false })
    expect(new Set(routes.map((r) => r.key)).size).toBe(routes.length)
    expect(routes.filter((r) => !r.available).map((r) => r.key)).toEqual([])
  })
})
