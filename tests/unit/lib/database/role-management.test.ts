import { describe, expect, it } from 'vitest'
import {
  alterRoleSql,
  attributesOf,
  createRoleSql,
  dropRoleSql,
  grantableAttributes,
  grantMembershipSql,
  protectedReason,
  reservedReason,
  revokeMembershipSql,
  roleNameError,
  type CurrentRoleRow,
  type ManagedRoleRow,
} from '@/lib/database/role-management'
import { redactPasswords, REDACTED_MIGRATION_PASSWORD } from '@/lib/sql/redact'

const owner: CurrentRoleRow = { name: 'project_abc', superuser: false, create_role: true, create_db: false, replication: false, bypass_rls: false }
const role = (patch: Partial<ManagedRoleRow>): ManagedRoleRow => ({ ...attributesOfRow(), ...patch })
function attributesOfRow(): ManagedRoleRow {
  return { name: 'app', superuser: false, create_db: false, create_role: false, can_login: false, replication: false, bypass_rls: false, connection_limit: -1, valid_until: null, member_of: [], can_admin: true, is_current: false }
}

describe('role SQL', () => {
  it('quotes names, gives only what the member has, and masks the password in the preview', () => {
    const allowed = grantableAttributes(owner)
    const attributes = { ...attributesOf(null), canLogin: true, createDb: true, bypassRls: true, superuser: true, connectionLimit: 5 }
    const input = { name: 'we"ird', attributes, password: "p'w", memberOf: ['readers'] }
    expect(createRoleSql(input, allowed, { masked: false })).toBe(
      `BEGIN;\nCREATE ROLE "we""ird" WITH LOGIN NOCREATEROLE CONNECTION LIMIT 5 VALID UNTIL 'infinity' PASSWORD 'p''w';\nGRANT "readers" TO "we""ird";\nCOMMIT;`
    )
    expect(createRoleSql(input, allowed, { masked: true })).toContain("PASSWORD '********'")
    expect(createRoleSql(input, allowed, { masked: true })).not.toContain("p''w")
    expect(createRoleSql({ ...input, attributes: { ...attributes, canLogin: false } }, allowed, { masked: false })).not.toContain('PASSWORD')
    const su = grantableAttributes({ ...owner, superuser: true })
    expect(createRoleSql(input, su, { masked: false })).toContain('CREATEDB NOCREATEROLE BYPASSRLS NOREPLICATION SUPERUSER')
  })

  it('alters, renames last, and writes membership and drop statements', () => {
    const sql = alterRoleSql({ name: 'a', newName: 'b', attributes: { ...attributesOf(null), validUntil: '2030-01-01T00:00:00Z' }, password: '' }, grantableAttributes(owner), { masked: true })
    expect(sql).toBe(`BEGIN;\nALTER ROLE "a" WITH NOLOGIN NOCREATEROLE CONNECTION LIMIT -1 VALID UNTIL '2030-01-01T00:00:00Z';\nALTER ROLE "a" RENAME TO "b";\nCOMMIT;`)
    expect(grantMembershipSql('g', 'm')).toContain('GRANT "g" TO "m";')
    expect(revokeMembershipSql('g', 'm')).toContain('REVOKE "g" FROM "m";')
    expect(dropRoleSql('x')).toContain('DROP ROLE "x";')
  })

  it("protects the platform's roles with the reason, and what the member cannot administer", () => {
    for (const name of ['pg_read_all_data', 'anon', 'authenticated', 'service_role', 'postgres', 'supabase_admin', 'project_abc', 'project_abc_readonly']) expect(reservedReason(name), name).toEqual(expect.any(String))
    expect(reservedReason('app')).toBeNull()
    expect(protectedReason(role({}), owner)).toBeNull()
    expect(protectedReason(role({ can_admin: false }), owner)).toMatch(/ADMIN OPTION/)
    expect(protectedReason(role({}), { ...owner, create_role: false })).toMatch(/shared by every database/)
    expect(protectedReason(role({ superuser: true }), owner)).toMatch(/superuser/)
  })

  it('refuses names the platform or Postgres keep', () => {
    expect(roleNameError('app_user')).toBeNull()
    for (const name of ['', ' x', 'pg_x', 'project_abc_api', 'supabase_x', 'anon', '1abc', 'a;b', 'x'.repeat(64)]) expect(roleNameError(name), name).toEqual(expect.any(String))
  })

  it('redacts passwords for the logs and the history, by tokens', () => {
    expect(redactPasswords("create role a login password 'secret'")).toBe("create role a login password '[redacted]'")
    expect(redactPasswords("alter role a encrypted password /* c */ $$s$$", REDACTED_MIGRATION_PASSWORD)).toBe(`alter role a encrypted password /* c */ ${REDACTED_MIGRATION_PASSWORD}`)
    expect(redactPasswords("select 'password' as x, 'secret'")).toBe("select 'password' as x, 'secret'")
    expect(redactPasswords("alter user mapping for a server s options (set password 'x')")).toContain("password '[redacted]'")
  })
})
