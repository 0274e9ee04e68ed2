import {
  describeTable,
  formatTableDescription,
  formatTableDescriptions,
  postgresArrayText,
  SCHEMA_EXPORT_WARNING,
  tableCatalogueParameters,
  type CatalogueConstraint,
  type CatalogueTable,
} from '@/lib/sql/table-description'

const constraint = (overrides: Partial<CatalogueConstraint>): CatalogueConstraint => ({
  name: 'c',
  type: 'c',
  definition: '',
  columns: [],
  target_schema: null,
  target_table: null,
  target_columns: null,
  check_expression: null,
  on_delete: null,
  on_update: null,
  ...overrides,
})

const column = (name: string, data_type: string, extra: Partial<CatalogueTable['columns'][number]> = {}) => ({
  position: 1,
  name,
  data_type,
  is_nullable: true,
  default_value: null,
  identity: null,
  generated: null,
  generation_expression: null,
  comment: null,
  ...extra,
})

const LINES: CatalogueTable = {
  id: 2,
  schema: 'sales',
  name: 'Order Lines',
  kind: 'r',
  comment: null,
  rls_enabled: false,
  view_definition: null,
  partition_key: null,
  columns: [
    column('order_id', 'bigint', { is_nullable: false }),
    column('line', 'integer', { is_nullable: false }),
    column('sku', 'text'),
    column('qty', 'integer', { default_value: '1' }),
  ],
  constraints: [
    constraint({ name: 'lines_pkey', type: 'p', columns: ['order_id', 'line'] }),
    constraint({
      name: 'lines_product_fkey',
      type: 'f',
      columns: ['sku', 'order_id'],
      target_schema: 'catalog',
      target_table: 'products',
      target_columns: ['sku', 'shop_id'],
    }),
    constraint({ name: 'qty_positive', type: 'c', columns: ['qty'], check_expression: 'qty > 0' }),
    constraint({ name: 'qty_small', type: 'c', columns: ['qty'], check_expression: 'qty < 1000' }),
    constraint({ name: 'two_columns', type: 'c', columns: ['qty', 'line'], check_expression: 'qty > line' }),
  ],
  referenced_by: [
    { name: 'returns_line_fkey', source_schema: 'sales', source_table: 'returns', source_columns: ['order_id', 'line'], target_columns: ['order_id', 'line'] },
  ],
  indexes: [
    { name: 'lines_sku', definition: 'CREATE UNIQUE INDEX lines_sku ON sales."Order Lines" USING btree (sku)', is_unique: true, columns: ['sku'], is_constraint: false },
    { name: 'lines_partial', definition: 'CREATE UNIQUE INDEX lines_partial ON sales."Order Lines" USING btree (qty) WHERE qty > 10', is_unique: true, columns: ['qty'], is_constraint: false },
  ],
}

describe('table description (spec §3)', () => {
  it('has exactly the spec fields, computed from the catalogue', () => {
    const description = describeTable(LINES)
    expect(Object.keys(description)).toEqual(['schema', 'name', 'columns', 'primary_keys', 'relationships'])
    expect(Object.keys(description.columns[0])).toEqual(['name', 'data_type', 'is_identity', 'is_nullable', 'default_value', 'is_unique', 'check'])
    expect(description.primary_keys).toEqual(['order_id', 'line'])
    // A unique index on one column makes it unique; a partial one does not.
    expect(description.columns.map((c) => c.is_unique)).toEqual([false, false, true, false])
    // Single-column checks belong to their column; several are joined.
    expect(description.columns[3].check).toBe('qty > 0 AND qty < 1000')
    expect(description.columns[3].default_value).toBe('1')
  })

  it('lists one relationship per column pair, both directions', () => {
    expect(describeTable(LINES).relationships).toEqual([
      { constraint_name: 'lines_product_fkey', source_table_name: 'Order Lines', source_column_name: 'sku', target_table_schema: 'catalog', target_table_name: 'products', target_column_name: 'sku' },
      { constraint_name: 'lines_product_fkey', source_table_name: 'Order Lines', source_column_name: 'order_id', target_table_schema: 'catalog', target_table_name: 'products', target_column_name: 'shop_id' },
      { constraint_name: 'returns_line_fkey', source_table_name: 'returns', source_column_name: 'order_id', target_table_schema: 'sales', target_table_name: 'Order Lines', target_column_name: 'order_id' },
      { constraint_name: 'returns_line_fkey', source_table_name: 'returns', source_column_name: 'line', target_table_schema: 'sales', target_table_name: 'Order Lines', target_column_name: 'line' },
    ])
  })

  it('formats the export as context-only DDL under the warning header', () => {
    const text = formatTableDescriptions([describeTable(LINES)])
    expect(text).toBe(
      [
        SCHEMA_EXPORT_WARNING,
        '-- Table order and constraints may not be valid for execution.',
        '',
        'CREATE TABLE sales."Order Lines" (',
        '  order_id bigint NOT NULL,',
        '  line integer NOT NULL,',
        '  sku text UNIQUE,',
        '  qty integer DEFAULT 1 CHECK (qty > 0 AND qty < 1000),',
        '  PRIMARY KEY (order_id, line),',
        '  CONSTRAINT lines_product_fkey FOREIGN KEY (sku, order_id) REFERENCES catalog.products(sku, shop_id)',
        ');',
        '-- Referenced by returns.order_id (returns_line_fkey)',
        '-- Referenced by returns.line (returns_line_fkey)',
        '',
      ].join('\n')
    )
    expect(SCHEMA_EXPORT_WARNING).toBe('-- WARNING: This schema is for context only and is not meant to be run.')
  })

  it('exports any set of tables, even none, always with the header', () => {
    expect(formatTableDescriptions([])).toBe(`${SCHEMA_EXPORT_WARNING}\n-- Table order and constraints may not be valid for execution.\n`)
    const empty = describeTable({ ...LINES, name: 'bare', constraints: [], referenced_by: [], indexes: [], columns: [column('x', 'text', { identity: 'a', is_nullable: false })] })
    expect(formatTableDescription(empty)).toBe('CREATE TABLE sales.bare (\n  x text GENERATED BY DEFAULT AS IDENTITY NOT NULL\n);')
  })

  it('passes the selection as Postgres array text, never spliced into the SQL', () => {
    expect(postgresArrayText(['public', 'my "schema"', 'a\\b'])).toBe('{"public","my \\"schema\\"","a\\\\b"}')
    expect(tableCatalogueParameters({ ids: [1, 2] })).toEqual(['{1,2}', null, '{"information_schema","pg_catalog","pg_toast","platform_jail"}'])
    expect(tableCatalogueParameters({ schemas: ['public'] })).toEqual([null, '{"public"}', '{"information_schema","pg_catalog","pg_toast","platform_jail"}'])
  })
})
