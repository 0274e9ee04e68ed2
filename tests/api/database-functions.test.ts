/**
 * The Functions and Triggers screens' SQL through the real platform endpoint
 * (`POST /platform/pg-meta/{ref}/query`) on a real project database: PGlite, or a database on a
 * Postgres server (scripts/with-postgres.sh) where the member's role is not a superuser. Every
 * statement a form writes runs here, hostile names included; Read-only members run the list
 * queries and are refused the DDL; event triggers cannot be created by members on either store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blankFunctionSpec, createFunctionSql, dropFunctionSql, FUNCTION_DEPENDENTS_SQL, FUNCTIONS_SQL, LANGUAGES_SQL, toDatabaseFunction, updateFunctionSql, type FunctionRow, type FunctionSpec } from '@/lib/database/functions'
import { createTriggerSql, dropTriggerSql, EVENT_TRIGGERS_SQL, setTriggerEnabledSql, toTrigger, TRIGGER_FUNCTIONS_SQL, TRIGGERS_SQL, type EventTriggerRow, type TriggerRow } from '@/lib/database/triggers'
import { toHook } from '@/lib/database/hooks'
import { HIDDEN_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

type User = { id: string; token: string }

const HOSTILE = `"; drop table x; --`
const q = (name: string) => `"${name.replaceAll('"', '""')}"`
const hidden = postgresArrayText(HIDDEN_SCHEMAS)

describe('database functions and triggers on a project database', { timeout: 90_000 }, () => {
  let platform: TestPlatform
  let developer: User
  let reader: User
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    ;({ developer, reader, ref } = await createTeamProject(platform, 'Database functions'))
    const setup = await sql(platform, developer.token, ref, `create schema ${q(HOSTILE)}; create table ${q(HOSTILE)}.${q(`tbl ${HOSTILE}`)} (id int primary key, ${q(`col ünï ${HOSTILE}`)} text, total int)`)
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  }, 240_000)
  afterAll(async () => platform?.close())

  const ok = async (token: string, query: string, parameters?: unknown[]) => {
    const res = await sql(platform, token, ref, query, parameters)
    expect(res.status, `${query.slice(0, 80)}: ${JSON.stringify(res.body)}`).toBe(200)
    return res.body.rows as Record<string, unknown>[]
  }
  const functions = async (schema: string) => ((await ok(reader.token, FUNCTIONS_SQL, [schema])) as FunctionRow[]).map(toDatabaseFunction)
  const triggers = async () => ((await ok(reader.token, TRIGGERS_SQL, [hidden])) as TriggerRow[]).map(toTrigger)

  const touch: FunctionSpec = {
    ...blankFunctionSpec(HOSTILE),
    name: `touch ${HOSTILE}`,
    returns: { kind: 'trigger', type: '', columns: [] },
    securityDefiner: true,
    searchPath: [],
    body: `\nbegin\n  new.total := coalesce(new.total, 0) + 1; -- $function$ ' "\n  return new;\nend;\n`,
  }

  it('runs every list query for a Read-only member', async () => {
    for (const [query, parameters] of [
      [FUNCTIONS_SQL, ['public']],
      [LANGUAGES_SQL, []],
      [FUNCTION_DEPENDENTS_SQL, [1]],
      [TRIGGERS_SQL, [hidden]],
      [TRIGGER_FUNCTIONS_SQL, [hidden]],
      [EVENT_TRIGGERS_SQL, [hidden]],
    ] as [string, unknown[]][]) {
      await ok(reader.token, query, parameters)
    }
    const languages = (await ok(reader.token, LANGUAGES_SQL, [])).map((r) => r.name)
    expect(languages.slice(0, 2)).toEqual(['plpgsql', 'sql'])
    // The platform's own event triggers (if any) stay out of the list.
    expect(((await ok(reader.token, EVENT_TRIGGERS_SQL, [hidden])) as EventTriggerRow[]).filter((e) => HIDDEN_SCHEMAS.includes(e.function_schema as never))).toEqual([])
  })

  it("refuses a Read-only member's function and trigger DDL", async () => {
    const res = await sql(platform, reader.token, ref, createFunctionSql({ ...blankFunctionSpec('public'), name: 'nope', language: 'sql', body: 'select 1', returns: { kind: 'type', type: 'integer', columns: [] } }))
    expect(res.status).toBe(400)
    expect(res.body.message).toEqual(expect.any(String))
    expect(await functions('public')).toEqual([])
  })

  it('creates a definer trigger function with hostile names, edits it in place, then with a new signature', async () => {
    await ok(developer.token, createFunctionSql(touch))
    const [fn] = await functions(HOSTILE)
    expect(fn).toMatchObject({ name: touch.name, language: 'plpgsql', securityDefiner: true, returnType: 'trigger' })
    expect(fn.spec).toEqual(touch)

    // Same signature: CREATE OR REPLACE keeps the function (its oid).
    const replaced = { ...fn.spec, volatility: 'VOLATILE' as const, body: fn.spec.body.replace('+ 1', '+ 10') }
    const replaceSql = updateFunctionSql(fn, replaced)
    expect(replaceSql).toContain('CREATE OR REPLACE FUNCTION')
    await ok(developer.token, replaceSql)
    expect((await functions(HOSTILE))[0]).toMatchObject({ id: fn.id, spec: { body: replaced.body } })

    // A function with arguments, then its signature changed: DROP and CREATE in one transaction.
    const add: FunctionSpec = {
      ...blankFunctionSpec('public'),
      name: `add ${HOSTILE}`,
      args: [
        { mode: 'IN', name: HOSTILE, type: 'integer', defaultValue: '' },
        { mode: 'IN', name: 'b', type: 'integer', defaultValue: '2' },
      ],
      returns: { kind: 'type', type: 'integer', columns: [] },
      language: 'sql',
      volatility: 'IMMUTABLE',
      body: `select ${q(HOSTILE)} + b`,
    }
    await ok(developer.token, createFunctionSql(add))
    const [created] = await functions('public')
    expect((await ok(reader.token, `select public.${q(add.name)}(40) as v`))[0].v).toBe(42)
    const widened = { ...created.spec, args: [...created.spec.args, { mode: 'IN' as const, name: 'c', type: 'integer', defaultValue: '0' }], body: `select ${q(HOSTILE)} + b + c` }
    const recreate = updateFunctionSql(created, widened)
    expect(recreate).toMatch(/^BEGIN;\nDROP FUNCTION/)
    await ok(developer.token, recreate)
    expect((await functions('public')).map((f) => f.identityArguments)).toEqual([`${q(HOSTILE)} integer, b integer, c integer`])
    expect((await ok(reader.token, `select public.${q(add.name)}(1, 1, 1) as v`))[0].v).toBe(3)

    // A failing recreate leaves the old function: the transaction rolls back.
    const [current] = await functions('public')
    const broken = await sql(platform, developer.token, ref, updateFunctionSql(current, { ...current.spec, name: 'add2', body: 'select no_such_column' }))
    expect(broken.status).toBe(400)
    expect((await functions('public')).map((f) => f.name)).toEqual([add.name])
    await ok(developer.token, dropFunctionSql(current))
    expect(await functions('public')).toEqual([])
  })

  it('creates a trigger with UPDATE OF and WHEN on hostile names, disables, enables and drops it; the function names it as a dependent', async () => {
    const [fn] = await functions(HOSTILE)
    const spec = {
      name: `trg ${HOSTILE}`,
      schema: HOSTILE,
      table: `tbl ${HOSTILE}`,
      tableKind: 'r',
      timing: 'BEFORE' as const,
      events: ['INSERT', 'UPDATE'] as const,
      updateColumns: [`col ünï ${HOSTILE}`],
      level: 'ROW' as const,
      function: { schema: HOSTILE, name: fn.name },
      condition: `new.${q(`col ünï ${HOSTILE}`)} is distinct from '; drop table x; --'`,
    }
    await ok(developer.token, createTriggerSql(spec))
    const [trigger] = await triggers()
    expect(trigger).toMatchObject({ name: spec.name, schema: HOSTILE, table: spec.table, timing: 'BEFORE', level: 'ROW', events: ['INSERT', 'UPDATE'], updateColumns: spec.updateColumns, enabled: true })
    expect(trigger.condition).toContain(`'; drop table x; --'`)
    // The hooks list reads the same catalogue and shows it as a function hook.
    expect(((await ok(reader.token, TRIGGERS_SQL, [hidden])) as TriggerRow[]).map(toHook)[0]).toMatchObject({ name: spec.name, kind: 'function' })

    const table = `${q(HOSTILE)}.${q(spec.table)}`
    await ok(developer.token, `insert into ${table} (id, ${q(spec.updateColumns[0])}) values (1, 'a')`)
    expect((await ok(reader.token, `select total from ${table}`))[0].total).toBe(10)

    const refused = await sql(platform, reader.token, ref, setTriggerEnabledSql(trigger, false))
    expect(refused.status).toBe(400)
    await ok(developer.token, setTriggerEnabledSql(trigger, false))
    expect((await triggers())[0].enabled).toBe(false)
    await ok(developer.token, `insert into ${table} (id) values (2)`)
    expect((await ok(reader.token, `select total from ${table} where id = 2`))[0].total).toBeNull()
    await ok(developer.token, setTriggerEnabledSql(trigger, true))
    expect((await triggers())[0].enabled).toBe(true)

    const dependents = (await ok(reader.token, FUNCTION_DEPENDENTS_SQL, [fn.id])).map((r) => r.object)
    expect(dependents).toEqual([expect.stringContaining('trigger')])
    const plain = await sql(platform, developer.token, ref, dropFunctionSql(fn))
    expect(plain.status).toBe(400)
    expect(plain.body.message).toMatch(/depend/)

    await ok(developer.token, dropTriggerSql(trigger))
    expect(await triggers()).toEqual([])
    await ok(developer.token, createTriggerSql(spec))
    await ok(developer.token, dropFunctionSql(fn, { cascade: true }))
    expect(await triggers()).toEqual([])
    expect(await functions(HOSTILE)).toEqual([])
  })

  it('lets no member create an event trigger (it needs a superuser), which is why the screen only lists them', async () => {
    await ok(developer.token, `create function public.ddl_log() returns event_trigger language plpgsql as $$ begin end $$`)
    const res = await sql(platform, developer.token, ref, `create event trigger log_ddl on ddl_command_end execute function public.ddl_log()`)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/superuser|permission denied/i)
    expect(await ok(reader.token, EVENT_TRIGGERS_SQL, [hidden])).toEqual([])
  })
})
