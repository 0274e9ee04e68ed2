import { alterPolicySql, createPolicySql, dropPolicySql, filterPolicyTables, parsePolicyTables, policyNameTaken, policyToSpec, setRowLevelSecuritySql, validatePolicy, type Policy, type PolicySpec, type PolicyTable } from '@/lib/database/policies'
import { defaultUserColumn, ownRowsExpression, POLICY_TEMPLATES } from '@/lib/database/policy-templates'

const table = { schema: 'public', name: 'Todo "items"' }
const spec = (overrides: Partial<PolicySpec> = {}): PolicySpec => ({ name: 'p', command: 'SELECT', permissive: true, roles: ['authenticated'], using: 'true', withCheck: '', ...overrides })
const policy = (overrides: Partial<Policy> = {}): Policy => ({ name: 'p', command: 'SELECT', permissive: true, roles: ['authenticated'], using: 'true', withCheck: null, ...overrides })

describe('policy SQL', () => {
  it('turns row level security on and off, names quoted', () => {
    expect(setRowLevelSecuritySql(table, true)).toBe('BEGIN;\nALTER TABLE "public"."Todo ""items""" ENABLE ROW LEVEL SECURITY;\nCOMMIT;')
    expect(setRowLevelSecuritySql(table, false)).toContain('DISABLE ROW LEVEL SECURITY;')
  })

  it('creates a policy with only the clauses its command takes', () => {
    expect(createPolicySql(table, spec({ name: 'read "all"', roles: ['anon', 'authenticated'] }))).toBe(
      'BEGIN;\nCREATE POLICY "read ""all""" ON "public"."Todo ""items"""\n  AS PERMISSIVE FOR SELECT\n  TO "anon", "authenticated"\n  USING (true);\nCOMMIT;'
    )
    const insert = createPolicySql(table, spec({ command: 'INSERT', using: 'ignored', withCheck: 'true', roles: [], permissive: false }))
    expect(insert).toContain('AS RESTRICTIVE FOR INSERT\n  TO public\n  WITH CHECK (true);')
    expect(insert).not.toContain('USING')
    expect(createPolicySql(table, spec({ command: 'DELETE', withCheck: 'x' }))).not.toContain('WITH CHECK')
  })

  it('refuses what Postgres would refuse or what could end the statement', () => {
    expect(validatePolicy(spec({ name: ' ' })).name).toBe('Give the policy a name')
    expect(validatePolicy(spec({ name: 'x'.repeat(64) })).name).toMatch(/at most 63 bytes/)
    expect(validatePolicy(spec({ using: '' })).using).toMatch(/needs a USING expression/)
    expect(validatePolicy(spec({ command: 'INSERT', using: '', withCheck: '' })).withCheck).toBe('An INSERT policy needs a WITH CHECK expression')
    expect(validatePolicy(spec({ using: 'true); drop table x; --' })).using).toMatch(/one SQL expression/)
    expect(validatePolicy(spec({ command: 'UPDATE', withCheck: 'a = 1 -- b' })).withCheck).toMatch(/one SQL expression/)
    expect(validatePolicy(spec({ command: 'UPDATE', withCheck: '' }))).toEqual({})
    expect(() => createPolicySql(table, spec({ using: '' }))).toThrow(/USING/)
  })

  it('alters in place: rename, roles and expressions', () => {
    const sql = alterPolicySql(table, policy(), spec({ name: 'q', roles: ['anon'], using: 'id > 0' }))
    expect(sql).toBe(
      'BEGIN;\nALTER POLICY "p" ON "public"."Todo ""items""" RENAME TO "q";\nALTER POLICY "q" ON "public"."Todo ""items"""\n  TO "anon"\n  USING (id > 0);\nCOMMIT;'
    )
    expect(alterPolicySql(table, policy(), spec())).toBeNull()
    expect(alterPolicySql(table, policy({ roles: ['public'] }), spec({ roles: [] }))).toBeNull()
    expect(alterPolicySql(table, policy({ command: 'UPDATE', withCheck: null }), spec({ command: 'UPDATE', withCheck: 'ok' }))).toContain('  WITH CHECK (ok);')
  })

  it('drops and recreates in one transaction what ALTER POLICY cannot express', () => {
    const command = alterPolicySql(table, policy(), spec({ command: 'DELETE' })) as string
    expect(command.split('\n').slice(0, 3)).toEqual(['BEGIN;', 'DROP POLICY "p" ON "public"."Todo ""items""";', 'CREATE POLICY "p" ON "public"."Todo ""items"""'])
    expect(command.endsWith('COMMIT;')).toBe(true)
    expect(alterPolicySql(table, policy(), spec({ permissive: false }))).toContain('AS RESTRICTIVE FOR SELECT')
    // Removing WITH CHECK: ALTER POLICY can only set one.
    expect(alterPolicySql(table, policy({ command: 'UPDATE', withCheck: 'a' }), spec({ command: 'UPDATE', withCheck: '' }))).toContain('DROP POLICY "p"')
  })

  it('knows a name taken on the table, except by the policy being edited', () => {
    const t = { policies: [policy({ name: 'a' }), policy({ name: 'b' })] }
    expect(policyNameTaken(t, ' a ')).toBe(true)
    expect(policyNameTaken(t, 'c')).toBe(false)
    expect(policyNameTaken(t, 'a', 'a')).toBe(false)
    expect(policyNameTaken(t, 'b', 'a')).toBe(true)
  })

  it('drops a policy', () => {
    expect(dropPolicySql(table, 'my policy')).toBe('BEGIN;\nDROP POLICY "my policy" ON "public"."Todo ""items""";\nCOMMIT;')
  })

  it('reads catalogue rows, json as text or parsed, and back into the form', () => {
    const [parsed] = parsePolicyTables([
      {
        id: '42',
        schema: 'public',
        name: 't',
        rls_enabled: true,
        uuid_columns: '["owner"]',
        policies: [{ name: 'p', command: 'ALL', permissive: true, roles: ['public'], using: 'true', with_check: null }],
      },
    ])
    expect(parsed).toEqual({ id: 42, schema: 'public', name: 't', rlsEnabled: true, uuidColumns: ['owner'], policies: [policy({ command: 'ALL', roles: ['public'] })] })
    expect(policyToSpec(parsed.policies[0])).toEqual({ name: 'p', command: 'ALL', permissive: true, roles: [], using: 'true', withCheck: '' })
  })
})

describe('policy templates', () => {
  it('picks user_id, else the first uuid column, else none', () => {
    expect(defaultUserColumn({ uuidColumns: ['id', 'user_id'] })).toBe('user_id')
    expect(defaultUserColumn({ uuidColumns: ['owner', 'x'] })).toBe('owner')
    expect(defaultUserColumn({ uuidColumns: [] })).toBeNull()
  })

  it('builds valid policies; own-rows templates compare auth.uid() with the chosen column', () => {
    for (const template of POLICY_TEMPLATES) expect(validatePolicy(template.build('owner')), template.id).toEqual({})
    const byId = Object.fromEntries(POLICY_TEMPLATES.map((t) => [t.id, t.build('Owner Id')]))
    expect(ownRowsExpression('Owner Id')).toBe('(select auth.uid()) = "Owner Id"')
    expect(byId['read-everyone']).toMatchObject({ command: 'SELECT', roles: ['anon', 'authenticated'], using: 'true' })
    expect(byId['own-update']).toMatchObject({ command: 'UPDATE', using: '(select auth.uid()) = "Owner Id"', withCheck: '(select auth.uid()) = "Owner Id"' })
    expect(byId['own-insert']).toMatchObject({ command: 'INSERT', using: '', withCheck: '(select auth.uid()) = "Owner Id"' })
    expect(byId['service-role']).toMatchObject({ command: 'ALL', roles: ['service_role'] })
    expect(POLICY_TEMPLATES.filter((t) => t.needsUserColumn).map((t) => t.id)).toEqual(['own-read', 'own-insert', 'own-update', 'own-delete'])
  })
})

describe('filterPolicyTables', () => {
  const table = (schema: string, name: string, policies: string[] = []) => ({ schema, name, policies: policies.map((p) => ({ name: p })) as PolicyTable['policies'] })
  const tables = [table('public', 'todos', ['Owners read']), table('public', 'notes'), table('billing', 'invoices', ['Staff read todos'])]
  const names = (list: { schema: string; name: string }[]) => list.map((t) => `${t.schema}.${t.name}`)

  it('matches the table name, the qualified name or a policy name, in any case, within the schema chosen', () => {
    expect(names(filterPolicyTables(tables, { search: '', schema: '' }))).toEqual(['public.todos', 'public.notes', 'billing.invoices'])
    expect(names(filterPolicyTables(tables, { search: ' TODOS ', schema: '' }))).toEqual(['public.todos', 'billing.invoices'])
    expect(names(filterPolicyTables(tables, { search: 'public.no', schema: '' }))).toEqual(['public.notes'])
    expect(names(filterPolicyTables(tables, { search: 'todos', schema: 'billing' }))).toEqual(['billing.invoices'])
    expect(names(filterPolicyTables(tables, { search: '', schema: 'public' }))).toEqual(['public.todos', 'public.notes'])
    expect(filterPolicyTables(tables, { search: 'nothing', schema: '' })).toEqual([])
  })
})
