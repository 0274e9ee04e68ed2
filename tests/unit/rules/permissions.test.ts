import {
  doPermissionsCheck,
  matchesPermissionPattern,
  type PermissionEntry,
  type PermissionsCheckInput,
} from '@/lib/permissions'

function entry(overrides: Partial<PermissionEntry> = {}): PermissionEntry {
  return {
    organization_slug: 'acme',
    actions: ['%'],
    resources: ['%'],
    project_refs: null,
    condition: null,
    restrictive: false,
    ...overrides,
  }
}

function check(
  permissions: PermissionEntry[],
  overrides: Partial<PermissionsCheckInput> = {}
): boolean {
  return doPermissionsCheck({
    permissions,
    organizationSlug: 'acme',
    action: 'analytics:Read',
    resource: 'logflare',
    isPlatform: true,
    ...overrides,
  })
}

describe('matchesPermissionPattern (spec §6)', () => {
  it.each([
    ['%', 'anything', true],
    ['%', '', true],
    ['write:%', 'write:Create', true],
    ['write:%', 'read:Create', false],
    ['%:Read', 'analytics:Read', true],
    ['%:Read', 'analytics:ReadWrite', false],
    ['storage.%.objects', 'storage.bucket.objects', true],
    ['storage.%.objects', 'storage.objects', false],
    ['a%b%c', 'a-x-b-y-c', true],
    ['a%b%c', 'acb', false],
    ['exact', 'exact', true],
    ['exact', 'exactly', false],
    ['exact', 'not exact', false],
    ['Exact', 'exact', false],
  ])('%j against %j is %s', (pattern, name, expected) => {
    expect(matchesPermissionPattern(pattern, name)).toBe(expected)
  })

  it('treats regular-expression specials literally', () => {
    expect(matchesPermissionPattern('auth.users', 'auth.users')).toBe(true)
    expect(matchesPermissionPattern('auth.users', 'authXusers')).toBe(false)
    expect(matchesPermissionPattern('a*', 'aaaa')).toBe(false)
    expect(matchesPermissionPattern('a*', 'a*')).toBe(true)
    expect(matchesPermissionPattern('a+b', 'aab')).toBe(false)
    expect(matchesPermissionPattern('(x|y)', 'x')).toBe(false)
    expect(matchesPermissionPattern('(x|y)', '(x|y)')).toBe(true)
    expect(matchesPermissionPattern('[ab]', 'a')).toBe(false)
    expect(matchesPermissionPattern('^x$', '^x$')).toBe(true)
    expect(matchesPermissionPattern('a\\d', 'a1')).toBe(false)
    expect(matchesPermissionPattern('a\\d', 'a\\d')).toBe(true)
    expect(matchesPermissionPattern('q?', 'q')).toBe(false)
    expect(matchesPermissionPattern('{1}', '{1}')).toBe(true)
    expect(matchesPermissionPattern('.%', 'x')).toBe(false)
    expect(matchesPermissionPattern('.%', '.x')).toBe(true)
  })

  it('lets the wildcard span any characters, including newlines', () => {
    expect(matchesPermissionPattern('a%z', 'a\nz')).toBe(true)
  })
})

describe('doPermissionsCheck (spec §6)', () => {
  describe('mode', () => {
    it('allows everything when self-hosted, even with no permissions', () => {
      expect(check([], { isPlatform: false })).toBe(true)
      expect(check([entry({ restrictive: true })], { isPlatform: false, permissions: undefined })).toBe(true)
      expect(check([], { isPlatform: false, organizationSlug: undefined })).toBe(true)
    })

    it('denies on the platform with no permissions', () => {
      expect(check([])).toBe(false)
      expect(check([], { permissions: undefined })).toBe(false)
      expect(check([], { permissions: null })).toBe(false)
    })
  })

  describe('organization', () => {
    it('allows a matching entry of the same organization', () => {
      expect(check([entry()])).toBe(true)
    })

    it('denies entries of another organization', () => {
      expect(check([entry({ organization_slug: 'other' })])).toBe(false)
    })

    it('denies without an organization slug', () => {
      expect(check([entry()], { organizationSlug: undefined })).toBe(false)
      expect(check([entry()], { organizationSlug: '' })).toBe(false)
    })

    it("ignores another organization's restrictive entry", () => {
      expect(check([entry(), entry({ organization_slug: 'other', restrictive: true })])).toBe(true)
    })
  })

  describe('actions and resources', () => {
    it('needs both an action and a resource match', () => {
      const perms = [entry({ actions: ['analytics:Read'], resources: ['logflare'] })]
      expect(check(perms)).toBe(true)
      expect(check(perms, { action: 'analytics:Write' })).toBe(false)
      expect(check(perms, { resource: 'postgres' })).toBe(false)
    })

    it('matches any of several patterns', () => {
      const perms = [entry({ actions: ['billing:Read', 'analytics:%'], resources: ['x', 'log%'] })]
      expect(check(perms)).toBe(true)
      expect(check(perms, { action: 'billing:Read', resource: 'x' })).toBe(true)
      expect(check(perms, { action: 'billing:Write', resource: 'x' })).toBe(false)
    })

    it('denies an entry with no actions or no resources', () => {
      expect(check([entry({ actions: [] })])).toBe(false)
      expect(check([entry({ resources: [] })])).toBe(false)
    })

    it('does not read regular-expression specials in names as patterns', () => {
      const perms = [entry({ actions: ['sql:Read'], resources: ['auth.users'] })]
      expect(check(perms, { action: 'sql:Read', resource: 'auth.users' })).toBe(true)
      expect(check(perms, { action: 'sql:Read', resource: 'authXusers' })).toBe(false)
      expect(check([entry({ resources: ['.*'] })], { resource: 'anything' })).toBe(false)
    })
  })

  describe('restrictive entries', () => {
    it('a matching restrictive entry wins over a grant', () => {
      expect(check([entry(), entry({ restrictive: true, actions: ['analytics:%'] })])).toBe(false)
    })

    it('a restrictive entry that does not match leaves the grant alone', () => {
      expect(check([entry(), entry({ restrictive: true, actions: ['billing:%'] })])).toBe(true)
    })

    it('a restrictive entry alone grants nothing', () => {
      expect(check([entry({ restrictive: true, actions: ['billing:%'] })])).toBe(false)
    })

    it('order does not matter', () => {
      expect(check([entry({ restrictive: true }), entry()])).toBe(false)
    })
  })

  describe('conditions', () => {
    it('evaluates the condition against resource_name and data', () => {
      const perms = [
        entry({
          condition: {
            and: [{ '==': [{ var: 'resource_name' }, 'logflare'] }, { '==': [{ var: 'schema' }, 'public'] }],
          },
        }),
      ]
      expect(check(perms, { data: { schema: 'public' } })).toBe(true)
      expect(check(perms, { data: { schema: 'auth' } })).toBe(false)
      expect(check(perms)).toBe(false)
      expect(check(perms, { resource: 'other', data: { schema: 'public' } })).toBe(false)
    })

    it('uses JsonLogic truthiness (an empty list is false)', () => {
      expect(check([entry({ condition: { var: 'items' } })], { data: { items: [] } })).toBe(false)
      expect(check([entry({ condition: { var: 'items' } })], { data: { items: [1] } })).toBe(true)
    })

    it('a restrictive entry restricts only while its condition holds', () => {
      const perms = [
        entry(),
        entry({ restrictive: true, condition: { in: [{ var: 'resource_name' }, ['secret', 'vault']] } }),
      ]
      expect(check(perms, { resource: 'vault' })).toBe(false)
      expect(check(perms, { resource: 'logflare' })).toBe(true)
    })

    it('fails closed when a condition cannot be evaluated', () => {
      const broken = { no_such_operation: [1] } as unknown as PermissionEntry['condition']
      expect(check([entry({ condition: broken })])).toBe(false)
      expect(check([entry(), entry({ restrictive: true, condition: broken })])).toBe(false)
    })
  })

  describe('project scope', () => {
    it('without a project ref only unscoped entries apply', () => {
      expect(check([entry({ project_refs: ['proj-a'] })])).toBe(false)
      expect(check([entry({ project_refs: [] })])).toBe(true)
      expect(check([entry({ project_refs: null })])).toBe(true)
    })

    it('falls back to unscoped entries when none is scoped to the project', () => {
      const perms = [entry({ actions: ['analytics:Read'] }), entry({ project_refs: ['proj-b'], actions: ['%'] })]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(true)
      expect(check(perms, { projectRef: 'proj-a', action: 'billing:Write' })).toBe(false)
    })

    it('project-scoped grants take precedence over unscoped ones', () => {
      const perms = [
        entry({ actions: ['%'] }),
        entry({ project_refs: ['proj-a'], actions: ['analytics:Read'] }),
      ]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(true)
      // the organization-wide grant no longer applies to proj-a…
      expect(check(perms, { projectRef: 'proj-a', action: 'sql:Write' })).toBe(false)
      // …but still applies to other projects and to organization-level checks
      expect(check(perms, { projectRef: 'proj-b', action: 'sql:Write' })).toBe(true)
      expect(check(perms, { action: 'sql:Write' })).toBe(true)
    })

    it('a scoped grant listing several projects applies to each', () => {
      const perms = [entry({ project_refs: ['proj-a', 'proj-b'] })]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(true)
      expect(check(perms, { projectRef: 'proj-b' })).toBe(true)
      expect(check(perms, { projectRef: 'proj-c' })).toBe(false)
    })

    it('organization-wide restrictive entries still apply inside a project', () => {
      const perms = [entry({ project_refs: ['proj-a'] }), entry({ restrictive: true, actions: ['analytics:%'] })]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(false)
      expect(check(perms, { projectRef: 'proj-a', action: 'sql:Read' })).toBe(true)
    })

    it('a restrictive entry scoped to the project restricts it without hiding organization grants', () => {
      const perms = [entry(), entry({ restrictive: true, project_refs: ['proj-a'], actions: ['sql:Write'] })]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(true)
      expect(check(perms, { projectRef: 'proj-a', action: 'sql:Write' })).toBe(false)
      expect(check(perms, { projectRef: 'proj-b', action: 'sql:Write' })).toBe(true)
      expect(check(perms, { action: 'sql:Write' })).toBe(true)
    })

    it('a restrictive entry scoped to another project does not apply', () => {
      const perms = [entry({ project_refs: ['proj-a'] }), entry({ restrictive: true, project_refs: ['proj-b'] })]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(true)
    })

    it('scoped entries of another organization do not count', () => {
      const perms = [entry(), entry({ organization_slug: 'other', project_refs: ['proj-a'], actions: ['none'] })]
      expect(check(perms, { projectRef: 'proj-a' })).toBe(true)
    })
  })

  describe('branches', () => {
    const perms = [entry({ project_refs: ['parent'] })]

    it('a branch is checked with its parent project ref', () => {
      expect(check(perms, { projectRef: 'branch', parentProjectRef: 'parent' })).toBe(true)
    })

    it("the branch's own ref does not grant anything by itself", () => {
      expect(check(perms, { projectRef: 'branch' })).toBe(false)
      expect(check(perms, { projectRef: 'branch', parentProjectRef: null })).toBe(false)
    })

    it("a grant scoped to the branch ref is not used for the branch", () => {
      expect(
        check([entry({ project_refs: ['branch'] })], { projectRef: 'branch', parentProjectRef: 'parent' })
      ).toBe(false)
    })
  })
})
