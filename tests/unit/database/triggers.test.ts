/** The trigger builders: pure output, then on PGlite read back through TRIGGERS_SQL and EVENT_TRIGGERS_SQL. */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPglite } from '@/tests/pglite-fresh'
import { runScript } from './pglite-script'
import {
  createTriggerSql,
  createTriggerStatement,
  dropTriggerSql,
  EVENT_TRIGGERS_SQL,
  setTriggerEnabledSql,
  toTrigger,
  triggerArguments,
  triggerCondition,
  TRIGGERS_SQL,
  validateTrigger,
  type EventTriggerRow,
  type TriggerRow,
  type TriggerSpec,
} from '@/lib/database/triggers'
import { EXCLUDED_SCHEMAS } from '@/lib/schemas'
import { postgresArrayText } from '@/lib/sql/table-description'

const HOSTILE = `"; drop table x; --`
const q = (name: string) => `"${name.replaceAll('"', '""')}"`

const spec = (overrides: Partial<TriggerSpec> = {}): TriggerSpec => ({
  name: 'orders_audit',
  schema: 'public',
  table: 'orders',
  tableKind: 'r',
  timing: 'AFTER',
  events: ['INSERT', 'UPDATE'],
  updateColumns: [],
  level: 'ROW',
  function: { schema: 'public', name: 'audit' },
  condition: '',
  ...overrides,
})

describe('trigger builders', () => {
  it('writes CREATE TRIGGER with UPDATE OF columns and a WHEN condition', () => {
    expect(createTriggerSql(spec({ updateColumns: ['total', 'my col'], events: ['DELETE', 'UPDATE', 'INSERT'], condition: 'new.total > 0' }))).toBe(
      'BEGIN;\nCREATE TRIGGER "orders_audit" AFTER INSERT OR UPDATE OF "total", "my col" OR DELETE ON "public"."orders" FOR EACH ROW WHEN (new.total > 0) EXECUTE FUNCTION "public"."audit"();\nCOMMIT;'
    )
    expect(setTriggerEnabledSql(spec(), false)).toBe('BEGIN;\nALTER TABLE "public"."orders" DISABLE TRIGGER "orders_audit";\nCOMMIT;')
    expect(dropTriggerSql(spec())).toBe('BEGIN;\nDROP TRIGGER "orders_audit" ON "public"."orders";\nCOMMIT;')
  })

  it('passes arguments as string literals, quotes and backslashes kept, and reads them back from tgargs', () => {
    expect(createTriggerStatement(spec({ arguments: ['updated_at', "it's", 'a\\b', ''] }))).toBe(
      `CREATE TRIGGER "orders_audit" AFTER INSERT OR UPDATE ON "public"."orders" FOR EACH ROW EXECUTE FUNCTION "public"."audit"('updated_at', 'it''s', E'a\\\\b', '')`
    )
    expect(validateTrigger(spec({ arguments: ['a\u0000b'] })).arguments).toBe('An argument cannot contain a NUL character')
    const hex = (...args: string[]) => Buffer.from(args.map((a) => `${a}\u0000`).join(''), 'utf8').toString('hex')
    expect(triggerArguments(hex('updated_at', "it's", 'ünï ☃', ''))).toEqual(['updated_at', "it's", 'ünï ☃', ''])
    expect(triggerArguments('')).toEqual([])
  })

  it('names each problem', () => {
    expect(validateTrigger(spec({ name: '' })).name).toBe('Give the trigger a name')
    expect(validateTrigger(spec({ table: '' })).table).toBe('Choose a table')
    expect(validateTrigger(spec({ events: [] })).events).toBe('Choose at least one event')
    expect(validateTrigger(spec({ events: ['TRUNCATE'] })).level).toBe('TRUNCATE fires only FOR EACH STATEMENT')
    expect(validateTrigger(spec({ timing: 'INSTEAD OF' })).timing).toBe('INSTEAD OF triggers are for views')
    expect(validateTrigger(spec({ tableKind: 'v' })).level).toMatch(/only FOR EACH STATEMENT/)
    expect(validateTrigger(spec({ tableKind: 'v', timing: 'INSTEAD OF', level: 'STATEMENT' })).level).toBe('INSTEAD OF triggers fire FOR EACH ROW')
    expect(validateTrigger(spec({ tableKind: 'v', timing: 'INSTEAD OF', condition: 'true' })).condition).toMatch(/take no condition/)
    expect(validateTrigger(spec({ condition: 'true) execute function evil(); --' })).condition).toBe('The condition must be one SQL expression')
    expect(validateTrigger(spec({ function: { schema: '', name: '' } })).function).toMatch(/returns trigger/)
    expect(validateTrigger(spec({ tableKind: 'v', timing: 'INSTEAD OF' }))).toEqual({})
  })

  it('reads the WHEN condition out of a definition, quotes and parentheses included', () => {
    expect(triggerCondition('CREATE TRIGGER a AFTER UPDATE ON public.t FOR EACH ROW WHEN ((new.x > 0)) EXECUTE FUNCTION f()')).toBe('(new.x > 0)')
    expect(triggerCondition(`CREATE TRIGGER " FOR EACH ROW WHEN (" AFTER UPDATE ON public.t FOR EACH ROW EXECUTE FUNCTION f()`)).toBeNull()
    expect(triggerCondition(`CREATE TRIGGER a AFTER UPDATE ON public.t FOR EACH ROW WHEN ((new.x = ')(')) EXECUTE FUNCTION "f)"()`)).toBe(`(new.x = ')(')`)
  })
})

describe('triggers on PGlite', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await freshPglite()
    await db.exec(`create schema ${q(HOSTILE)};
      create table ${q(HOSTILE)}.${q(HOSTILE)} (id int, ${q(HOSTILE)} text, total int);
      create view public.v as select 1 as id;
      create function ${q(HOSTILE)}.${q(`fn ${HOSTILE}`)}() returns trigger language plpgsql as $$ begin new.total := coalesce(new.total, 0) + 1; return new; end $$;
      create function public.noop() returns trigger language plpgsql as $$ begin return null; end $$;`)
  }, 60_000)
  afterAll(async () => db?.close())

  const run = (sql: string) => runScript(db, sql)
  const list = async () => (await db.query<TriggerRow>(TRIGGERS_SQL, [postgresArrayText(EXCLUDED_SCHEMAS)])).rows.map(toTrigger)

  it('creates a trigger with hostile names, UPDATE OF and WHEN, disables, enables and drops it', async () => {
    const hostile = spec({
      name: `trg ${HOSTILE}`,
      schema: HOSTILE,
      table: HOSTILE,
      timing: 'BEFORE',
      events: ['INSERT', 'UPDATE'],
      updateColumns: [HOSTILE],
      condition: `new.${q(HOSTILE)} is distinct from 'x''; --'`,
      function: { schema: HOSTILE, name: `fn ${HOSTILE}` },
    })
    await run(createTriggerSql(hostile))
    const [trigger] = await list()
    expect(trigger).toMatchObject({
      name: hostile.name,
      schema: HOSTILE,
      table: HOSTILE,
      tableKind: 'r',
      timing: 'BEFORE',
      level: 'ROW',
      events: ['INSERT', 'UPDATE'],
      updateColumns: [HOSTILE],
      functionSchema: HOSTILE,
      functionName: `fn ${HOSTILE}`,
      enabled: true,
    })
    expect(trigger.condition).toContain(`'x''; --'`)
    await db.exec(`insert into ${q(HOSTILE)}.${q(HOSTILE)} (id, ${q(HOSTILE)}) values (1, 'a')`)
    expect((await db.query(`select total from ${q(HOSTILE)}.${q(HOSTILE)}`)).rows).toEqual([{ total: 1 }])

    await run(setTriggerEnabledSql(trigger, false))
    expect((await list())[0].enabled).toBe(false)
    await run(setTriggerEnabledSql(trigger, true))
    expect((await list())[0].enabled).toBe(true)
    await run(dropTriggerSql(trigger))
    expect(await list()).toEqual([])
  })

  it('hands its arguments to the function as TG_ARGV, and lists them', async () => {
    await db.exec(`create function public.set_total() returns trigger language plpgsql as $$ begin new.total := tg_argv[0]::int + length(tg_argv[1]); return new; end $$`)
    const withArgs = spec({ name: 'args', schema: HOSTILE, table: HOSTILE, timing: 'BEFORE', events: ['INSERT'], function: { schema: 'public', name: 'set_total' }, arguments: ['40', "'; drop table x; --"] })
    await run(createTriggerSql(withArgs))
    expect((await list())[0].arguments).toEqual(['40', "'; drop table x; --"])
    await db.exec(`insert into ${q(HOSTILE)}.${q(HOSTILE)} (id) values (7)`)
    expect((await db.query(`select total from ${q(HOSTILE)}.${q(HOSTILE)} where id = 7`)).rows).toEqual([{ total: 40 + "'; drop table x; --".length }])
    await run(dropTriggerSql(withArgs))
  })

  it('creates an INSTEAD OF trigger on a view and a statement trigger for TRUNCATE', async () => {
    await run(createTriggerSql(spec({ name: 'v_insert', table: 'v', tableKind: 'v', timing: 'INSTEAD OF', events: ['INSERT'], function: { schema: 'public', name: 'noop' } })))
    await run(
      createTriggerSql(spec({ name: 'truncated', schema: HOSTILE, table: HOSTILE, events: ['TRUNCATE'], level: 'STATEMENT', function: { schema: 'public', name: 'noop' } }))
    )
    const triggers = await list()
    expect(triggers.map((t) => [t.name, t.timing, t.level, t.events, t.condition])).toEqual([
      ['truncated', 'AFTER', 'STATEMENT', ['TRUNCATE'], null],
      ['v_insert', 'INSTEAD OF', 'ROW', ['INSERT'], null],
    ])
    for (const t of triggers) await run(dropTriggerSql(t))
  })

  it('lists event triggers (none the platform made)', async () => {
    const rows = (await db.query<EventTriggerRow>(EVENT_TRIGGERS_SQL, [postgresArrayText(EXCLUDED_SCHEMAS)])).rows
    expect(rows).toEqual([])
    // PGlite's session is a superuser here, so one can be made to be read back.
    await db.exec(`create function public.ddl_log() returns event_trigger language plpgsql as $$ begin end $$;
      create event trigger log_ddl on ddl_command_end when tag in ('CREATE TABLE', 'ALTER TABLE') execute function public.ddl_log()`)
    const [row] = (await db.query<EventTriggerRow>(EVENT_TRIGGERS_SQL, [postgresArrayText(EXCLUDED_SCHEMAS)])).rows
    expect(row).toMatchObject({ name: 'log_ddl', event: 'ddl_command_end', function_schema: 'public', function_name: 'ddl_log', enabled_mode: 'O', tags: ['CREATE TABLE', 'ALTER TABLE'] })
    await db.exec('drop event trigger log_ddl')
  })
})
