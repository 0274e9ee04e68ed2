/**
 * The schema visualizer's catalogue read (lib/database/schema-graph.ts) through the real platform
 * endpoint on a real project database (PGlite, or a Postgres server via scripts/with-postgres.sh),
 * as a Read-only member: foreign keys, a self-reference, a reference to another schema, a composite
 * key, a view, and names written to break quoting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMA_GRAPH_SQL, schemaGraph, type SchemaGraphRow } from '@/lib/database/schema-graph'
import { startTestPlatform, type TestPlatform } from './helpers/platform'
import { createTeamProject, sql } from './projects-helpers'

const HOSTILE_SCHEMA = 'shop "; drop schema public; --'
const HOSTILE_TABLE = 'Größe"; drop table x; --'

describe('schema graph on a project database', () => {
  let platform: TestPlatform
  let reader: { token: string }
  let ref: string

  beforeAll(async () => {
    platform = await startTestPlatform({ isPlatform: true })
    const team = await createTeamProject(platform, 'Schema graph')
    ;({ reader, ref } = team)
    const setup = await sql(platform, team.developer.token, ref, `
      create schema billing;
      create table billing.accounts (id bigint primary key, code text unique);
      create table public.employees (id bigint generated always as identity primary key, manager_id bigint references public.employees (id), email text not null unique);
      create table public.orders (id bigint primary key, account_id bigint not null references billing.accounts (id), placed_by bigint references public.employees (id), note text);
      create table public.order_lines (order_id bigint references public.orders (id), line int, primary key (order_id, line));
      create table public.shipments (id serial primary key, order_id bigint, line int, constraint shipments_line_fk foreign key (order_id, line) references public.order_lines (order_id, line));
      create view public.big_orders as select id, note from public.orders;
      create schema empty_one;
      create schema "shop ""; drop schema public; --";
      create table "shop ""; drop schema public; --"."Größe""; drop table x; --" ("ключ ""'; --" int primary key, "self" int references "shop ""; drop schema public; --"."Größe""; drop table x; --");
    `)
    expect(setup.status, JSON.stringify(setup.body)).toBe(200)
  }, 180_000)
  afterAll(async () => platform?.close())

  async function graphOf(schema: string) {
    const res = await sql(platform, reader.token, ref, SCHEMA_GRAPH_SQL, [schema])
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return schemaGraph(res.body.rows as SchemaGraphRow[])
  }

  it('reads the tables and views of public with their markers, and the other schema\'s table as external', async () => {
    const graph = await graphOf('public')
    const byName = new Map(graph.tables.map((t) => [`${t.schema}.${t.name}`, t]))
    expect([...byName.keys()]).toEqual(['public.big_orders', 'public.employees', 'public.order_lines', 'public.orders', 'public.shipments', 'billing.accounts'])
    expect(byName.get('public.big_orders')).toMatchObject({ kind: 'view', external: false })
    expect(byName.get('billing.accounts')).toMatchObject({ kind: 'table', external: true, columns: [expect.objectContaining({ name: 'id', primary: true })] })
    expect(byName.get('public.employees')!.columns).toEqual([
      { name: 'id', type: 'bigint', nullable: false, primary: true, unique: false, foreignKey: false },
      { name: 'manager_id', type: 'bigint', nullable: true, primary: false, unique: false, foreignKey: true },
      { name: 'email', type: 'text', nullable: false, primary: false, unique: true, foreignKey: false },
    ])
    expect(byName.get('public.order_lines')!.columns.map((c) => [c.name, c.primary, c.foreignKey])).toEqual([['order_id', true, true], ['line', true, false]])

    const id = (name: string) => byName.get(name)!.id
    const edges = graph.edges.map((e) => [e.source, e.sourceColumn, e.target, e.targetColumn])
    expect(edges).toEqual(expect.arrayContaining([
      [id('public.employees'), 'manager_id', id('public.employees'), 'id'],
      [id('public.orders'), 'account_id', id('billing.accounts'), 'id'],
      [id('public.orders'), 'placed_by', id('public.employees'), 'id'],
      [id('public.order_lines'), 'order_id', id('public.orders'), 'id'],
      [id('public.shipments'), 'order_id', id('public.order_lines'), 'order_id'],
      [id('public.shipments'), 'line', id('public.order_lines'), 'line'],
    ]))
    expect(graph.edges).toHaveLength(6)
    expect(graph.edges.filter((e) => e.constraint === 'shipments_line_fk')).toHaveLength(2)
  })

  it('reads a schema named to break quoting, passed as a parameter, names coming back as written', async () => {
    const graph = await graphOf(HOSTILE_SCHEMA)
    expect(graph.tables).toEqual([
      expect.objectContaining({ schema: HOSTILE_SCHEMA, name: HOSTILE_TABLE, external: false, columns: [expect.objectContaining({ name: 'ключ "\'; --', primary: true }), expect.objectContaining({ name: 'self', foreignKey: true })] }),
    ])
    expect(graph.edges).toEqual([expect.objectContaining({ source: graph.tables[0].id, sourceColumn: 'self', target: graph.tables[0].id, targetColumn: 'ключ "\'; --' })])
    // Nothing ran: public is still there.
    expect((await graphOf('public')).tables.length).toBeGreaterThan(0)
  })

  it('answers an empty graph for a schema without tables or one that does not exist', async () => {
    expect(await graphOf('empty_one')).toEqual({ tables: [], edges: [] })
    expect(await graphOf('no_such_schema')).toEqual({ tables: [], edges: [] })
  })
})
