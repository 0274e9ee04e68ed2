/**
 * The catalogue query and the schema export on a real Postgres (PGlite in memory): the SQL runs,
 * and the spec §3 shape comes out of what the catalogue says.
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import {
  describeTables,
  formatTableDescriptions,
  parseCatalogueRows,
  SCHEMA_EXPORT_WARNING,
  TABLE_CATALOGUE_SQL,
  tableCatalogueParameters,
  type CatalogueTable,
} from '@/lib/sql/table-description'
import { tableDefinitionSql } from '@/lib/sql/table-definition'

let db: PGlite

async function catalogue(selection: Parameters<typeof tableCatalogueParameters>[0]): Promise<CatalogueTable[]> {
  const result = await db.query<Record<string, unknown>>(TABLE_CATALOGUE_SQL, tableCatalogueParameters(selection))
  return parseCatalogueRows(result.rows)
}

beforeAll(async () => {
  db = await freshPglite()
  await db.exec(`
    create schema shop;
    create table shop.customers (
      id bigint generated always as identity primary key,
      email text not null unique,
      age int check (age >= 0),
      created_at timestamptz not null default now()
    );
    create table shop."Order Lines" (
      order_id int8 not null,
      line int not null,
      customer_id bigint references shop.customers (id) on delete cascade,
      data jsonb,
      total numeric(10, 2) generated always as (line * 2) stored,
      primary key (order_id, line)
    );
    create index order_lines_data on shop."Order Lines" using gin (data);
    comment on table shop.customers is 'People who buy';
    comment on column shop.customers.email is 'Login e-mail';
    alter table shop.customers enable row level security;
    create view shop.adults as select id, email from shop.customers where age >= 18;
  `)
}, 30_000)

afterAll(async () => {
  await db?.close()
})

describe('TABLE_CATALOGUE_SQL on Postgres', () => {
  it('reads columns, constraints, references and indexes of every table of a schema', async () => {
    const tables = await catalogue({ schemas: ['shop'] })
    expect(tables.map((t) => [t.name, t.kind])).toEqual([
      ['Order Lines', 'r'],
      ['adults', 'v'],
      ['customers', 'r'],
    ])
    const customers = tables.find((t) => t.name === 'customers') as CatalogueTable
    expect(customers.columns.map((c) => [c.name, c.data_type, c.is_nullable, c.identity])).toEqual([
      ['id', 'bigint', false, 'a'],
      ['email', 'text', false, null],
      ['age', 'integer', true, null],
      ['created_at', 'timestamp with time zone', false, null],
    ])
    expect(customers.columns[3].default_value).toBe('now()')
    expect(customers.comment).toBe('People who buy')
    expect(customers.rls_enabled).toBe(true)
    expect(customers.referenced_by).toEqual([
      { name: 'Order Lines_customer_id_fkey', source_schema: 'shop', source_table: 'Order Lines', source_columns: ['customer_id'], target_columns: ['id'] },
    ])
    const lines = tables.find((t) => t.name === 'Order Lines') as CatalogueTable
    expect(lines.constraints.find((k) => k.type === 'p')?.columns).toEqual(['order_id', 'line'])
    expect(lines.columns.find((c) => c.name === 'total')).toMatchObject({ generated: 's', generation_expression: '(line * 2)', default_value: null })
    expect(lines.indexes.map((i) => [i.name, i.is_constraint])).toEqual([
      ['Order Lines_pkey', true],
      ['order_lines_data', false],
    ])
  })

  it('reads tables chosen by id and never the excluded schemas', async () => {
    const { rows } = await db.query<{ oid: number }>(`select 'shop.customers'::regclass::oid::int as oid`)
    const tables = await catalogue({ ids: [rows[0].oid] })
    expect(tables.map((t) => t.name)).toEqual(['customers'])
    expect(await catalogue({ schemas: ['pg_catalog', 'information_schema'] })).toEqual([])
  })

  it('describes tables in the spec §3 shape and exports them with the warning header', async () => {
    const tables = await catalogue({ schemas: ['shop'] })
    const [lines, , customers] = describeTables(tables)
    expect(customers).toEqual({
      schema: 'shop',
      name: 'customers',
      columns: [
        { name: 'id', data_type: 'bigint', is_identity: true, is_nullable: false, default_value: null, is_unique: false, check: null },
        { name: 'email', data_type: 'text', is_identity: false, is_nullable: false, default_value: null, is_unique: true, check: null },
        { name: 'age', data_type: 'integer', is_identity: false, is_nullable: true, default_value: null, is_unique: false, check: 'age >= 0' },
        { name: 'created_at', data_type: 'timestamp with time zone', is_identity: false, is_nullable: false, default_value: 'now()', is_unique: false, check: null },
      ],
      primary_keys: ['id'],
      relationships: [
        {
          constraint_name: 'Order Lines_customer_id_fkey',
          source_table_name: 'Order Lines',
          source_column_name: 'customer_id',
          target_table_schema: 'shop',
          target_table_name: 'customers',
          target_column_name: 'id',
        },
      ],
    })
    expect(lines.primary_keys).toEqual(['order_id', 'line'])
    expect(lines.relationships).toHaveLength(1)
    const text = formatTableDescriptions([lines, customers])
    expect(text.startsWith(`${SCHEMA_EXPORT_WARNING}\n`)).toBe(true)
    expect(text).toContain('CREATE TABLE shop."Order Lines" (')
    expect(text).toContain('CONSTRAINT "Order Lines_customer_id_fkey" FOREIGN KEY (customer_id) REFERENCES shop.customers(id)')
    expect(text).toContain('  email text NOT NULL UNIQUE,')
  })

  it('writes a definition that recreates the table elsewhere', async () => {
    const [lines, adults, customers] = await catalogue({ schemas: ['shop'] })
    const definition = [customers, lines, adults].map(tableDefinitionSql).join('\n')
    expect(definition).toContain('id bigint GENERATED ALWAYS AS IDENTITY NOT NULL')
    expect(definition).toContain('CREATE INDEX order_lines_data ON shop."Order Lines" USING gin (data);')
    expect(definition).toContain('ALTER TABLE shop.customers ENABLE ROW LEVEL SECURITY;')
    expect(definition).toContain("COMMENT ON COLUMN shop.customers.email IS 'Login e-mail';")
    expect(definition).toContain('CREATE VIEW shop.adults AS')
    // Running the definition in a fresh schema of the same name rebuilds the same catalogue.
    const copy = await freshPglite()
    try {
      await copy.exec(`create schema shop; ${definition}`)
      const again = parseCatalogueRows((await copy.query<Record<string, unknown>>(TABLE_CATALOGUE_SQL, tableCatalogueParameters({ schemas: ['shop'] }))).rows)
      expect(describeTables(again)).toEqual(describeTables([lines, adults, customers].sort((a, b) => (a.name < b.name ? -1 : 1))))
    } finally {
      await copy.close()
    }
  }, 30_000)
})
