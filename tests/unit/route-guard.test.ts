import {
  decideMfaGuard,
  decideOrganizationGuard,
  decideProjectGuard,
  isGuardExemptPath,
  isMfaRequirementUnmet,
  ORG_NOT_FOUND_TOAST,
  PROJECT_NOT_FOUND_TOAST,
} from '@/components/layouts/route-guard/route-guard.rules'

const orgs = [{ slug: 'acme' }, { slug: 'globex' }]
const projects = [
  { ref: 'abcdefghijklmnopqrst', parent_project_ref: null, preview_branch_refs: ['branchrefaaaaaaaaaaa'] },
  { ref: 'zyxwvutsrqponmlkjihg', parent_project_ref: null, preview_branch_refs: [] },
]

describe('isGuardExemptPath (spec §2: skipped on /new/{slug} and /join)', () => {
  it.each(['/new/[slug]', '/new/acme', '/new/acme?plan=pro', '/join', '/join?token=x'])('exempts %s', (path) => {
    expect(isGuardExemptPath(path)).toBe(true)
  })
  it.each(['/org/[slug]', '/org/acme/billing', '/project/[ref]', '/newsletter', '/joined'])('guards %s', (path) => {
    expect(isGuardExemptPath(path)).toBe(false)
  })
})

describe('decideOrganizationGuard', () => {
  it('redirects an unknown slug to the list with error=org_not_found and the slug, with the toast', () => {
    expect(decideOrganizationGuard({ pathname: '/org/[slug]', slug: 'nope', organizations: orgs })).toEqual({
      action: 'redirect',
      to: '/organizations?error=org_not_found&org=nope',
      toast: ORG_NOT_FOUND_TOAST,
    })
    expect(ORG_NOT_FOUND_TOAST).toBe("We couldn't find that organization")
  })

  it('encodes the slug in the redirect', () => {
    const decision = decideOrganizationGuard({ pathname: '/org/[slug]', slug: 'a b&c', organizations: orgs })
    expect(decision).toMatchObject({ to: '/organizations?error=org_not_found&org=a%20b%26c' })
  })

  it('lets a known slug through', () => {
    expect(decideOrganizationGuard({ pathname: '/org/[slug]/billing', slug: 'globex', organizations: orgs })).toEqual({
      action: 'none',
    })
  })

  it('decides nothing while the organizations are loading or without a slug', () => {
    expect(decideOrganizationGuard({ pathname: '/org/[slug]', slug: 'nope', organizations: undefined })).toEqual({ action: 'none' })
    expect(decideOrganizationGuard({ pathname: '/org/[slug]', slug: undefined, organizations: orgs })).toEqual({ action: 'none' })
  })

  it('is skipped on /new/{slug} and /join', () => {
    expect(decideOrganizationGuard({ pathname: '/new/[slug]', slug: 'nope', organizations: orgs })).toEqual({ action: 'none' })
    expect(decideOrganizationGuard({ pathname: '/join', slug: 'nope', organizations: orgs })).toEqual({ action: 'none' })
  })

  it('treats an empty organization list as loaded: every slug is unknown', () => {
    expect(decideOrganizationGuard({ pathname: '/org/[slug]', slug: 'acme', organizations: [] }).action).toBe('redirect')
  })
})

describe('decideProjectGuard', () => {
  const base = { pathname: '/project/[ref]', projects }

  it('lets a listed project through', () => {
    expect(decideProjectGuard({ ...base, ref: 'zyxwvutsrqponmlkjihg', isPlatform: true })).toEqual({ action: 'none' })
  })

  it('accepts a preview branch ref on the platform only (spec §5)', () => {
    expect(decideProjectGuard({ ...base, ref: 'branchrefaaaaaaaaaaa', isPlatform: true })).toEqual({ action: 'none' })
    expect(decideProjectGuard({ ...base, ref: 'branchrefaaaaaaaaaaa', isPlatform: false })).toEqual({
      action: 'redirect',
      to: '/project/default',
      toast: PROJECT_NOT_FOUND_TOAST,
    })
  })

  it('sends an unknown ref to /organizations on the platform with "This project does not exist"', () => {
    expect(decideProjectGuard({ ...base, ref: 'unknownrefaaaaaaaaaa', isPlatform: true })).toEqual({
      action: 'redirect',
      to: '/organizations',
      toast: 'This project does not exist',
    })
  })

  it('never redirects the self-hosted landing project to itself', () => {
    expect(decideProjectGuard({ ...base, ref: 'default', projects: [], isPlatform: false })).toEqual({ action: 'none' })
  })

  it('decides nothing while loading, without a ref, or on exempt pages', () => {
    expect(decideProjectGuard({ ...base, ref: 'unknown', projects: undefined, isPlatform: true })).toEqual({ action: 'none' })
    expect(decideProjectGuard({ ...base, ref: undefined, isPlatform: true })).toEqual({ action: 'none' })
    expect(decideProjectGuard({ ...base, pathname: '/join', ref: 'unknown', isPlatform: true })).toEqual({ action: 'none' })
    expect(decideProjectGuard({ ...base, pathname: '/new/[slug]', ref: 'unknown', isPlatform: true })).toEqual({ action: 'none' })
  })
})

describe('decideMfaGuard (spec §2, §6)', () => {
  const strict = { slug: 'acme', organization_requires_mfa: true }
  const relaxed = { slug: 'acme', organization_requires_mfa: false }

  it('sends an aal1 session on an MFA organization page to the organization home', () => {
    expect(decideMfaGuard({ pathname: '/org/[slug]/billing', slug: 'acme', organization: strict, currentLevel: 'aal1' })).toEqual({
      action: 'redirect',
      to: '/org/acme',
    })
    expect(decideMfaGuard({ pathname: '/project/[ref]', slug: 'acme', organization: strict, currentLevel: null }).action).toBe(
      'redirect'
    )
  })

  it('leaves the user on the organization home', () => {
    expect(decideMfaGuard({ pathname: '/org/[slug]', slug: 'acme', organization: strict, currentLevel: 'aal1' })).toEqual({ action: 'none' })
    expect(decideMfaGuard({ pathname: '/org/acme', slug: 'acme', organization: strict, currentLevel: 'aal1' })).toEqual({ action: 'none' })
  })

  it('lets aal2 sessions and organizations without the requirement through', () => {
    expect(decideMfaGuard({ pathname: '/org/[slug]/team', slug: 'acme', organization: strict, currentLevel: 'aal2' })).toEqual({ action: 'none' })
    expect(decideMfaGuard({ pathname: '/org/[slug]/team', slug: 'acme', organization: relaxed, currentLevel: 'aal1' })).toEqual({ action: 'none' })
  })

  it('decides nothing until the level is known, or on exempt pages', () => {
    expect(decideMfaGuard({ pathname: '/org/[slug]/team', slug: 'acme', organization: strict, currentLevel: undefined })).toEqual({ action: 'none' })
    expect(decideMfaGuard({ pathname: '/org/[slug]/team', slug: 'acme', organization: undefined, currentLevel: 'aal1' })).toEqual({ action: 'none' })
    expect(decideMfaGuard({ pathname: '/new/[slug]', slug: 'acme', organization: strict, currentLevel: 'aal1' })).toEqual({ action: 'none' })
  })

  it('isMfaRequirementUnmet reads only the requirement and the current level', () => {
    expect(isMfaRequirementUnmet(strict, 'aal1')).toBe(true)
    expect(isMfaRequirementUnmet(strict, 'aal2')).toBe(false)
    expect(isMfaRequirementUnmet(relaxed, 'aal1')).toBe(false)
    expect(isMfaRequirementUnmet(undefined, 'aal1')).toBe(false)
  })
})
