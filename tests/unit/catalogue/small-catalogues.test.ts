import { CLIENT_LIBRARIES } from '@/lib/catalogue/client-libraries'
import { CUSTOM_CONTENT_KEYS, DEFAULT_CUSTOM_CONTENT, customContentValue } from '@/lib/catalogue/custom-content'
import { OPT_IN_KEYS, OPT_IN_KEY_LIST, hasOptedIn } from '@/lib/catalogue/opt-in'
import {
  BILLING_CUSTOMER_READ,
  PERMISSION_ACTIONS,
  PERMISSION_RESOURCES,
} from '@/lib/catalogue/permission-actions'
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_OPTIONS,
  isSupportCategory,
  supportCategoryLabel,
} from '@/lib/catalogue/support-categories'
import { TESTIMONIALS } from '@/lib/catalogue/testimonials'
import { TOKEN_SCOPES, TOKEN_SCOPE_RESOURCES, parseTokenScope, tokenScope } from '@/lib/catalogue/token-scopes'

describe('client libraries (spec §3)', () => {
  it('lists the six languages, Python as Alpha', () => {
    expect(CLIENT_LIBRARIES.map((library) => library.language)).toEqual(['JavaScript', 'Flutter', 'Python', 'C#', 'Swift', 'Kotlin'])
    expect(CLIENT_LIBRARIES.find((library) => library.language === 'Python')!.releaseState).toBe('Alpha')
    for (const library of CLIENT_LIBRARIES) {
      expect(library.docsUrl).toMatch(/^https:\/\//)
      expect(library.gitUrl).toMatch(/^https:\/\/github\.com\//)
    }
  })
})

describe('support categories (spec §3)', () => {
  it('has the ten categories with values and labels', () => {
    expect(Object.keys(SUPPORT_CATEGORIES)).toEqual([
      'Problem', 'Dashboard_bug', 'Database_unresponsive', 'Performance', 'Sales', 'Billing', 'Refund', 'Abuse',
      'Login_issues', 'Account_deletion',
    ])
    expect(SUPPORT_CATEGORY_OPTIONS.map((option) => option.value)).toEqual(Object.values(SUPPORT_CATEGORIES))
    expect(SUPPORT_CATEGORIES.Dashboard_bug).toBe('dashboard_bug')
    expect(supportCategoryLabel('dashboard_bug')).toBe('Dashboard bug')
    expect(isSupportCategory('refund')).toBe(true)
    expect(isSupportCategory('Refund')).toBe(false)
  })
})

describe('token scopes (spec §6)', () => {
  it('has a read and a write scope for each of the 11 resources', () => {
    expect(TOKEN_SCOPE_RESOURCES).toEqual([
      'analytics', 'auth', 'database', 'domains', 'edge_functions', 'environment', 'organizations', 'projects',
      'rest', 'secrets', 'storage',
    ])
    expect(TOKEN_SCOPES).toHaveLength(22)
    expect(tokenScope('database', 'write')).toBe('database:write')
    expect(parseTokenScope('edge_functions:read')).toEqual({ resource: 'edge_functions', access: 'read' })
    expect(parseTokenScope('database:admin')).toBeNull()
  })
})

describe('testimonials (spec §1)', () => {
  it('has about 45 fictional entries on reserved example domains', () => {
    expect(TESTIMONIALS).toHaveLength(45)
    expect(new Set(TESTIMONIALS.map((testimonial) => testimonial.handle)).size).toBe(45)
    for (const testimonial of TESTIMONIALS) {
      expect(new URL(testimonial.url).hostname).toMatch(/^example\.(com|org|net)$/)
      expect(testimonial.image).toMatch(/^\/dashboard\/img\/testimonials\/[a-z0-9-]+\.png$/)
      expect(testimonial.text.length).toBeGreaterThan(20)
    }
  })
})

describe('opt-in keys (spec §3)', () => {
  it('has one key per AI generator', () => {
    expect(OPT_IN_KEY_LIST).toHaveLength(3)
    expect(hasOptedIn([OPT_IN_KEYS.aiSqlGenerator], OPT_IN_KEYS.aiSqlGenerator)).toBe(true)
    expect(hasOptedIn([OPT_IN_KEYS.aiSqlGenerator], OPT_IN_KEYS.aiLogGenerator)).toBe(false)
    expect(hasOptedIn(undefined, OPT_IN_KEYS.aiDataGenerator)).toBe(false)
  })
})

describe('custom content (spec §3)', () => {
  it('has four slots, all null by default', () => {
    expect(CUSTOM_CONTENT_KEYS).toHaveLength(4)
    expect(Object.values(DEFAULT_CUSTOM_CONTENT)).toEqual([null, null, null, null])
    expect(customContentValue(DEFAULT_CUSTOM_CONTENT, 'logsDefaultQuery')).toBeNull()
    expect(customContentValue({ logsDefaultQuery: 'select 1' }, 'logsDefaultQuery')).toBe('select 1')
    expect(customContentValue(undefined, 'organizationLegalDocuments')).toBeNull()
  })
})

describe('permission actions (spec §6)', () => {
  it('names billing read on the customer resource', () => {
    expect(BILLING_CUSTOMER_READ).toEqual(['billing:Read', 'stripe.customer'])
  })

  it('covers analytics, billing, functions, secrets, storage and SQL', () => {
    const actions: string[] = Object.values(PERMISSION_ACTIONS)
    for (const action of [
      'analytics:Read', 'billing:Read', 'billing:Write', 'functions:Read', 'functions:Write', 'secrets:Read',
      'secrets:Write', 'storage:Read', 'storage:Write', 'sql:Read:Select', 'sql:Write:Insert',
    ]) {
      expect(actions).toContain(action)
    }
    expect(new Set(actions).size).toBe(actions.length)
    const resources: string[] = Object.values(PERMISSION_RESOURCES)
    for (const resource of ['stripe.customer', 'stripe.subscriptions', 'projects', 'organizations', 'user_content', 'auth.users']) {
      expect(resources).toContain(resource)
    }
  })
})
