/**
 * The Roles screen's SQL through the platform's pg-meta endpoint on a real project database. On
 * PGlite (the cluster is the project's alone) the owner role has CREATEROLE and manages the roles it
 * made; on a Postgres server (scripts/with-postgres.sh) roles are cluster-wide and it has none. Either
 * way a member never gets more rights than its role has, nor another project's or the platform's roles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Migration } from '@/lib/api-types/database-migrations'
import { PLATFORM_ROLE_PATTERN } from '@/lib/database/roles'
import {
  alterRoleSql,
  attributesOf,
  createRoleSql,
  CURRENT_ROLE_SQL,
  dropRoleSql,
  grantableAttributes,
  grantMembershipSql,
  MANAGED_ROLES_SQL,
  projectRolePrefix,
  protectedReason,
  revokeMembershipSql,
  type CurrentRoleRow,
  type ManagedRoleRow,
} from '@/lib/database/role-management'
import { startTestPlatform, usePostgres, type TestPlatform } from './helpers/platform'
import { createActiveProject, createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }

describe('database roles', () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string
  let otherRef: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const team = await createTeamProject(platform, 'Roles')
    ;({ developer, reader, ref } = team)
    otherRef = (await createActiveProject(platform, team.owner.token, team.org.slug, 'Neighbour')).ref
  }, 180_000)
  afterAll(async () => platform?.close())

  const roles = async (token = reader.token) => {
    const res = await sql(platform, token, ref, MANAGED_ROLES_SQL, [PLATFORM_ROLE_PATTERN, projectRolePrefix(ref)])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.rows as ManagedRoleRow[]
  }
  const current = async (token = developer.token) => {
    const res = await sql(platform, token, ref, CURRENT_ROLE_SQL, [])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body.rows[0] as CurrentRoleRow
  }
  const run = (query: string) => sql(platform, developer.token, ref, query)

  it("lists the database's roles with attributes, the project's own platform roles protected, never another project's", async () => {
    const rows = await roles()
    const names = rows.map((r) => r.name)
    expect(names).toEqual(expect.arrayContaining(['anon', 'authenticated', 'service_role', projectRolePrefix(ref), `${projectRolePrefix(ref)}_readonly`]))
    expect(names.some((n) => n.startsWith(projectRolePrefix(otherRef)))).toBe(false)
    const me = await current()
    expect(me).toMatchObject({ name: projectRolePrefix(ref), superuser: false, create_role: !usePostgres })
    for (const name of ['anon', 'service_role', projectRolePrefix(ref)]) {
      expect(protectedReason(rows.find((r) => r.name === name)!, me)).toEqual(expect.any(String))
    }
    expect(rows.find((r) => r.name === 'service_role')).toMatchObject({ bypass_rls: true, can_admin: false })
  })

  it('creates a login role with a password, changes, renames, grants, revokes and drops it (PGlite), or is refused (server)', async () => {
    const me = await current()
    const allowed = grantableAttributes(me)
    const attributes = { ...attributesOf(null), canLogin: true, connectionLimit: 3, validUntil: '2099-01-01T00:00:00Z' }
    const secret = 'S3cret-never-shown'
    const created = await run(createRoleSql({ name: 'app_reader', attributes, password: secret, memberOf: [] }, allowed, { masked: false }))
    if (usePostgres) {
      expect(created.status).toBe(400)
      expect(created.body.code).toBe('42501')
      return
    }
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    expect((await run(createRoleSql({ name: 'app_group', attributes: attributesOf(null), password: '', memberOf: [] }, allowed, { masked: false }))).status).toBe(200)
    let row = (await roles()).find((r) => r.name === 'app_reader')!
    expect(row).toMatchObject({ can_login: true, connection_limit: 3, create_db: false, superuser: false, can_admin: true })
    expect(row.valid_until).toMatch(/^2099-01-01/)
    expect(protectedReason(row, me)).toBeNull()

    const granted = await run(grantMembershipSql('app_group', 'app_reader'))
    expect(granted.status, JSON.stringify(granted.body)).toBe(200)
    const changed = await run(alterRoleSql({ name: 'app_reader', newName: 'app_reader2', attributes: { ...attributes, connectionLimit: -1 }, password: '' }, allowed, { masked: false }))
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    row = (await roles()).find((r) => r.name === 'app_reader2')!
    expect(row).toMatchObject({ connection_limit: -1, member_of: ['app_group'] })
    expect((await run(revokeMembershipSql('app_group', 'app_reader2'))).status).toBe(200)
    expect((await roles()).find((r) => r.name === 'app_reader2')!.member_of).toEqual([])
    expect((await run(dropRoleSql('app_reader2'))).status).toBe(200)
    expect((await roles()).some((r) => r.name === 'app_reader2')).toBe(false)

    // The history has every change, and never the password.
    const history = (await platform.request(`/platform/projects/${ref}/database/migrations`, { token: reader.token })).body as Migration[]
    const text = JSON.stringify(history)
    expect(text).toContain('CREATE ROLE \\"app_reader\\"')
    expect(text).toContain('password not recorded')
    expect(text).not.toContain(secret)
  })

  it('never lets a member give a role more rights than its own', async () => {
    for (const attribute of ['superuser', 'createdb', 'replication', 'bypassrls']) {
      const res = await run(`create role hostile_${attribute} ${attribute}`)
      expect(res.status, attribute).toBe(400)
      expect(res.body.code, attribute).toBe('42501')
    }
  })

  it("refuses to touch the platform's roles or another project's, and a name taken from the platform's pattern", async () => {
    const owner = projectRolePrefix(ref)
    const hostile = [
      `alter role anon superuser`,
      `alter role service_role nobypassrls`,
      `alter role ${owner}_readonly login password 'x'`,
      `grant service_role to ${owner}`,
      `grant ${owner}_readonly to ${owner}`,
      `drop role authenticated`,
      `alter role authenticated rename to hijacked`,
      ...(usePostgres
        ? [`grant ${projectRolePrefix(otherRef)} to ${owner}`, `alter role ${projectRolePrefix(otherRef)} password 'x'`, `create role ${projectRolePrefix(otherRef)}_evil`, `drop role ${projectRolePrefix(otherRef)}_readonly`]
        : [`create role ${owner}`, `create role ${owner}_readonly`]),
    ]
    for (const statement of hostile) {
      const res = await run(statement)
      expect(res.status, `${statement}: ${JSON.stringify(res.body)}`).toBe(400)
      expect(['42501', '42710', '0LP01'], `${statement}: ${res.body.code} ${res.body.message}`).toContain(res.body.code)
    }
    const after = await roles(developer.token)
    expect(after.find((r) => r.name === 'service_role')).toMatchObject({ bypass_rls: true, superuser: false })
    expect(after.find((r) => r.name === 'anon')).toMatchObject({ superuser: false })
    expect(after.find((r) => r.name === `${owner}_readonly`)).toMatchObject({ can_login: false })
    expect(after.find((r) => r.name === owner)!.member_of).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(service_role|project_)/)]))
  })

  it("refuses a Read-only member's role changes", async () => {
    const res = await sql(platform, reader.token, ref, 'create role by_reader')
    expect(res.status).toBe(400)
  })
})
