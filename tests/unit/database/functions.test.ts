/**
 * The function builders: pure output, then every statement on a real Postgres (PGlite in memory),
 * read back through FUNCTIONS_SQL, including hostile names and bodies.
 */
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPglite } from '@/tests/pglite-fresh'
import { runScript } from './pglite-script'
import {
  blankFunctionSpec,
  canReplace,
  createFunctionSql,
  dropFunctionSql,
  FUNCTION_DEPENDENTS_SQL,
  FUNCTIONS_SQL,
  LANGUAGES_SQL,
  toDatabaseFunction,
  updateFunctionSql,
  validateFunction,
  type FunctionRow,
  type FunctionSpec,
} from '@/lib/database/functions'
import { dollarQuote } from '@/lib/sql/dollar-quote'
import { formatReturnColumns, formatSearchPath, parseConfig, parseReturnColumns, parseSearchPath, splitTopLevel } from '@/lib/database/function-text'

const HOSTILE = `"; drop table x; --`

const addSpec = (overrides: Partial<FunctionSpec> = {}): FunctionSpec => ({
  ...blankFunctionSpec('public'),
  name: 'add',
  args: [
    { mode: 'IN', name: 'a', type: 'integer', defaultValue: '' },
    { mode: 'IN', name: 'b', type: 'integer', defaultValue: '1' },
  ],
  returns: { kind: 'type', type: 'integer', columns: [] },
  language: 'sql',
  volatility: 'IMMUTABLE',
  body: 'select a + b',
  ...overrides,
})

describe('function builders', () => {
  it('writes a CREATE FUNCTION with quoted names, a dollar-quoted body and its settings', () => {
    expect(createFunctionSql(addSpec())).toBe(
      'BEGIN;\nCREATE FUNCTION "public"."add"(IN "a" integer, IN "b" integer DEFAULT 1)\n RETURNS integer\n LANGUAGE "sql"\n IMMUTABLE\n SECURITY INVOKER\nAS $function$select a + b$function$;\nCOMMIT;'
    )
    const definer = createFunctionSql(addSpec({ securityDefiner: true, searchPath: [] }))
    expect(definer).toContain(" SECURITY DEFINER\n SET search_path = ''\n")
    expect(createFunctionSql(addSpec({ searchPath: ['public', 'my schema'] }))).toContain(' SET search_path = "public", "my schema"\n')
    expect(createFunctionSql(addSpec({ otherConfig: ['work_mem=64MB'] }))).toContain(` SET "work_mem" TO '64MB'`)
    expect(createFunctionSql(addSpec({ returns: { kind: 'table', type: '', columns: [{ name: 'id', type: 'int' }, { name: 'x y', type: 'text' }] } }))).toContain(
      ' RETURNS TABLE("id" int, "x y" text)'
    )
    expect(createFunctionSql(addSpec({ returns: { kind: 'setof', type: 'text', columns: [] } }))).toContain(' RETURNS SETOF text')
  })

  it('picks a dollar-quote tag the body cannot end', () => {
    expect(dollarQuote('a $function$ b', 'function')).toBe('$function1$a $function$ b$function1$')
    // `$function` + the closing `$` would end the string early.
    expect(dollarQuote('x $function', 'function')).toBe('$function1$x $function$function1$')
    expect(() => dollarQuote('x', 'bad tag')).toThrow()
  })

  it('names each problem of the form', () => {
    expect(validateFunction(addSpec({ name: '' })).name).toBe('Give the function a name')
    expect(validateFunction(addSpec({ name: 'é'.repeat(32) })).name).toMatch(/at most 63 bytes/)
    expect(validateFunction(addSpec({ args: [{ mode: 'IN', name: 'a', type: 'int; drop', defaultValue: '' }] })).args).toMatch(/enter a type/)
    expect(validateFunction(addSpec({ args: [{ mode: 'IN', name: 'a', type: 'int', defaultValue: '1); drop table x; --' }] })).args).toMatch(/one SQL expression/)
    expect(
      validateFunction(addSpec({ args: [{ mode: 'IN', name: 'a', type: 'int', defaultValue: '1' }, { mode: 'IN', name: 'b', type: 'int', defaultValue: '' }] })).args
    ).toMatch(/need a default too/)
    expect(validateFunction(addSpec({ args: [{ mode: 'OUT', name: 'a', type: 'int', defaultValue: '1' }] })).args).toMatch(/OUT argument has no default/)
    expect(validateFunction(addSpec({ args: [{ mode: 'IN', name: 'a', type: 'int', defaultValue: '' }, { mode: 'IN', name: 'a', type: 'int', defaultValue: '' }] })).args).toMatch(
      /another argument/
    )
    expect(validateFunction(addSpec({ returns: { kind: 'type', type: '', columns: [] } })).returns).toMatch(/Enter the type/)
    expect(validateFunction(addSpec({ returns: { kind: 'trigger', type: '', columns: [] } })).args).toMatch(/takes no declared arguments/)
    expect(validateFunction(addSpec({ args: [], returns: { kind: 'trigger', type: '', columns: [] } })).language).toMatch(/use plpgsql/)
    expect(validateFunction(addSpec({ searchPath: ['public', ''] })).searchPath).toMatch(/schema names/)
    expect(validateFunction(addSpec({ body: '  ' })).body).toBe('Write the body of the function')
    expect(validateFunction(addSpec())).toEqual({})
  })

  it('replaces in place only when the signature and result stay', () => {
    const before = addSpec()
    expect(canReplace(before, addSpec({ body: 'select a - b', volatility: 'STABLE', securityDefiner: true }))).toBe(true)
    expect(canReplace(before, addSpec({ name: 'plus' }))).toBe(false)
    expect(canReplace(before, addSpec({ args: [before.args[0]] }))).toBe(false)
    expect(canReplace(before, addSpec({ returns: { kind: 'type', type: 'bigint', columns: [] } }))).toBe(false)
    expect(canReplace(before, addSpec({ args: [before.args[0], { ...before.args[1], name: 'c' }] }))).toBe(false)
    expect(canReplace(before, addSpec({ args: [before.args[0], { ...before.args[1], defaultValue: '' }] }))).toBe(false)
    const fn = { schema: 'public', name: 'add', identityArguments: 'a integer, b integer', spec: before }
    expect(updateFunctionSql(fn, addSpec({ body: 'select 1' }))).toMatch(/^BEGIN;\nCREATE OR REPLACE FUNCTION "public"."add"/)
    expect(updateFunctionSql(fn, addSpec({ name: 'plus' }))).toMatch(/^BEGIN;\nDROP FUNCTION "public"."add"\(a integer, b integer\);\nCREATE FUNCTION "public"."plus"/)
    expect(dropFunctionSql(fn, { cascade: true })).toBe('BEGIN;\nDROP FUNCTION "public"."add"(a integer, b integer) CASCADE;\nCOMMIT;')
  })

  it('reads settings and argument lists', () => {
    expect(parseConfig(['search_path=""', 'work_mem=64MB'])).toEqual({ searchPath: [], otherConfig: ['work_mem=64MB'] })
    expect(parseConfig(['search_path=public, "my ""s"""'])).toEqual({ searchPath: ['public', 'my "s"'], otherConfig: [] })
    expect(parseConfig([])).toEqual({ searchPath: null, otherConfig: [] })
    expect(parseSearchPath("''")).toEqual([])
    expect(parseSearchPath(formatSearchPath(["''"]))).toEqual(["''"])
    expect(parseSearchPath(formatSearchPath(['public', 'My "s", x']))).toEqual(['public', 'My "s", x'])
    const columns = [{ name: 'id', type: 'integer' }, { name: 'a "b", c', type: 'numeric(10, 2)' }]
    expect(formatReturnColumns(columns)).toBe('id integer, "a ""b"", c" numeric(10, 2)')
    expect(parseReturnColumns(formatReturnColumns(columns))).toEqual(columns)
    expect(splitTopLevel(`a integer, b text DEFAULT 'x, y'::text, "c,d" numeric(10,2)`)).toEqual([`a integer`, `b text DEFAULT 'x, y'::text`, `"c,d" numeric(10,2)`])
  })
})

describe('functions on PGlite', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await freshPglite()
    await db.exec(`create schema "${HOSTILE.replaceAll('"', '""')}"; create table public.t (id int)`)
  }, 60_000)
  afterAll(async () => db?.close())

  const run = (sql: string) => runScript(db, sql)
  const list = async (schema: string) => (await db.query<FunctionRow>(FUNCTIONS_SQL, [schema])).rows.map(toDatabaseFunction)

  it('creates, reads back, replaces, renames and drops a function with hostile names and body', async () => {
    const body = `select $$ '; drop table t; -- $function$ $$ || a::text || "${HOSTILE.replaceAll('"', '""')}"::text`
    const spec: FunctionSpec = {
      ...blankFunctionSpec(HOSTILE),
      name: `ünï ${HOSTILE}`,
      args: [
        { mode: 'IN', name: 'a', type: 'integer', defaultValue: '' },
        { mode: 'IN', name: HOSTILE, type: 'text', defaultValue: `'x, ''y'''` },
      ],
      returns: { kind: 'type', type: 'text', columns: [] },
      language: 'sql',
      volatility: 'STABLE',
      securityDefiner: true,
      searchPath: [],
      body,
    }
    await run(createFunctionSql(spec))
    const [fn] = await list(HOSTILE)
    expect(fn).toMatchObject({ schema: HOSTILE, name: spec.name, language: 'sql', securityDefiner: true, volatility: 'STABLE', returnType: 'text' })
    expect(fn.spec).toEqual({ ...spec, args: [spec.args[0], { ...spec.args[1], defaultValue: `'x, ''y'''::text` }] })
    const call = `select ${`"${HOSTILE.replaceAll('"', '""')}"`}.${`"${spec.name.replaceAll('"', '""')}"`}(2) as v`
    expect((await db.query<{ v: string }>(call)).rows[0].v).toBe(` '; drop table t; -- $function$ 2x, 'y'`)

    // The body changes: replaced in place (same oid).
    await run(updateFunctionSql(fn, { ...fn.spec, body: `select 'second'` }))
    const [replaced] = await list(HOSTILE)
    expect(replaced.id).toBe(fn.id)
    expect(replaced.spec.body).toBe(`select 'second'`)

    // The name changes: dropped and created in one transaction.
    await run(updateFunctionSql(replaced, { ...replaced.spec, name: 'renamed' }))
    expect((await list(HOSTILE)).map((f) => f.name)).toEqual(['renamed'])
    const [renamed] = await list(HOSTILE)
    await run(dropFunctionSql(renamed))
    expect(await list(HOSTILE)).toEqual([])
  })

  it('reads RETURNS TABLE, SETOF, OUT arguments and trigger functions back into the form', async () => {
    const table = { ...blankFunctionSpec('public'), name: 'rows_of', args: [{ mode: 'IN' as const, name: 'n', type: 'integer', defaultValue: '' }], returns: { kind: 'table' as const, type: '', columns: [{ name: 'id', type: 'integer' }, { name: 'label', type: 'text' }] }, language: 'sql', body: 'select g, g::text from generate_series(1, n) g' }
    const setof = { ...blankFunctionSpec('public'), name: 'names', returns: { kind: 'setof' as const, type: 'text', columns: [] }, language: 'sql', body: `select 'a'` }
    const out = { ...blankFunctionSpec('public'), name: 'pair', args: [{ mode: 'OUT' as const, name: 'x', type: 'integer', defaultValue: '' }, { mode: 'INOUT' as const, name: 'y', type: 'integer', defaultValue: '' }], returns: { kind: 'type' as const, type: 'record', columns: [] }, language: 'sql', body: 'select 1, y' }
    const trigger = { ...blankFunctionSpec('public'), name: 'touch', returns: { kind: 'trigger' as const, type: '', columns: [] }, body: '\nbegin\n  return new;\nend;\n' }
    for (const spec of [table, setof, out, trigger]) await run(createFunctionSql(spec))
    const byName = Object.fromEntries((await list('public')).map((f) => [f.name, f]))
    expect(byName.rows_of.spec.returns).toEqual(table.returns)
    expect(byName.rows_of.returnType).toBe('TABLE(id integer, label text)')
    expect(byName.names.spec.returns).toEqual(setof.returns)
    expect(byName.pair.spec.args).toEqual(out.args)
    expect(byName.pair.spec.returns).toEqual(out.returns)
    expect(byName.touch.spec.returns.kind).toBe('trigger')
    expect(byName.touch.spec.language).toBe('plpgsql')
    // Each one can be replaced by what the form reads back.
    for (const fn of Object.values(byName)) expect(canReplace(fn.spec, fn.spec)).toBe(true)
    for (const fn of Object.values(byName)) await run(updateFunctionSql(fn, fn.spec))

    // A trigger uses `touch`: its dependents name it, and DROP needs CASCADE.
    await run(`create trigger t_touch before insert on public.t for each row execute function public.touch()`)
    const dependents = (await db.query<{ object: string }>(FUNCTION_DEPENDENTS_SQL, [byName.touch.id])).rows.map((r) => r.object)
    expect(dependents).toEqual(['trigger t_touch on table t'])
    await expect(db.exec(dropFunctionSql(byName.touch))).rejects.toThrow(/depend/)
    await db.exec('rollback')
    await run(dropFunctionSql(byName.touch, { cascade: true }))
    expect((await db.query(`select 1 from pg_trigger where tgname = 't_touch'`)).rows).toEqual([])
  })

  it('lists the trusted languages, plpgsql and sql first', async () => {
    const names = (await db.query<{ name: string }>(LANGUAGES_SQL)).rows.map((r) => r.name)
    expect(names.slice(0, 2)).toEqual(['plpgsql', 'sql'])
    expect(names).not.toContain('c')
    expect(names).not.toContain('internal')
  })
})
