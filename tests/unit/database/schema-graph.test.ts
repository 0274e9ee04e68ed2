import { describe, expect, it } from 'vitest'
import { SCHEMA_GRAPH_SQL, schemaGraph, tablePositionKey, type SchemaGraphRow } from '@/lib/database/schema-graph'

const row = (over: Partial<SchemaGraphRow> & Pick<SchemaGraphRow, 'id' | 'name'>): SchemaGraphRow => ({ schema: 'public', kind: 'r', external: false, columns: [], foreign_keys: [], ...over })

describe('schemaGraph', () => {
  it('turns rows into tables with markers and one edge per foreign-key column pair', () => {
    const graph = schemaGraph([
      row({
        id: '10', name: 'lines', columns: [
          { name: 'order_id', type: 'bigint', nullable: false, primary: true, unique: false },
          { name: 'n', type: 'int', nullable: false, primary: true, unique: false },
          { name: 'sku', type: 'text', nullable: true, primary: false, unique: true },
        ],
        foreign_keys: [{ name: 'lines_fk', target_id: 11, columns: ['order_id', 'n'], target_columns: ['id', 'n'] }],
      }),
      row({ id: 11, name: 'orders', kind: 'v', columns: [{ name: 'id', type: 'bigint', nullable: false, primary: true, unique: true }] }),
      row({ id: 12, schema: 'auth', name: 'users', external: true, kind: 'p' }),
    ])
    expect(graph.tables.map((t) => [t.id, t.kind, t.external])).toEqual([['10', 'table', false], ['11', 'view', false], ['12', 'partitioned table', true]])
    expect(graph.tables[0].columns).toEqual([
      { name: 'order_id', type: 'bigint', nullable: false, primary: true, unique: false, foreignKey: true },
      { name: 'n', type: 'int', nullable: false, primary: true, unique: false, foreignKey: true },
      { name: 'sku', type: 'text', nullable: true, primary: false, unique: true, foreignKey: false },
    ])
    // The primary key is not also marked unique.
    expect(graph.tables[1].columns[0].unique).toBe(false)
    expect(graph.edges).toEqual([
      { id: 'e0', constraint: 'lines_fk', source: '10', sourceColumn: 'order_id', target: '11', targetColumn: 'id' },
      { id: 'e1', constraint: 'lines_fk', source: '10', sourceColumn: 'n', target: '11', targetColumn: 'n' },
    ])
  })

  it('keeps a self-reference and hostile names as they are', () => {
    const name = 'a"; drop table x; --'
    const graph = schemaGraph([row({ id: 1, name, columns: [{ name, type: 'int', nullable: true, primary: false, unique: false }], foreign_keys: [{ name, target_id: 1, columns: [name], target_columns: [name] }] })])
    expect(graph.tables[0].name).toBe(name)
    expect(graph.edges[0]).toMatchObject({ source: '1', target: '1', sourceColumn: name, targetColumn: name })
  })

  it('is empty for no rows', () => {
    expect(schemaGraph([])).toEqual({ tables: [], edges: [] })
  })

  it('keys positions by schema and name, unambiguously', () => {
    expect(tablePositionKey({ schema: 'a.b', name: 'c' })).not.toBe(tablePositionKey({ schema: 'a', name: 'b.c' }))
  })

  it('reads with one statement and takes the schema as a parameter', () => {
    expect(SCHEMA_GRAPH_SQL).toContain('n.nspname = $1')
    expect(SCHEMA_GRAPH_SQL.trim().endsWith(';')).toBe(false)
    expect(SCHEMA_GRAPH_SQL).not.toMatch(/\b(insert|update|delete|create|drop|alter)\b/i)
  })
})
