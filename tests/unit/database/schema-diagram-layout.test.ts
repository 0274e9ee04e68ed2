import { describe, expect, it } from 'vitest'
import { layoutSchemaGraph, nodeHeight, NODE_WIDTH } from '@/components/interfaces/Database/schema-diagram-layout'
import type { GraphTable, SchemaGraph } from '@/lib/database/schema-graph'
import { readDiagramPositions, writeDiagramPositions } from '@/state/schema-diagram-positions'

const table = (id: string, columns = 3): GraphTable => ({
  id, schema: 'public', name: `t${id}`, kind: 'table', external: false,
  columns: Array.from({ length: columns }, (_, i) => ({ name: `c${i}`, type: 'int', nullable: true, primary: false, unique: false, foreignKey: false })),
})
const edge = (source: string, target: string, n: number) => ({ id: `e${n}`, constraint: `fk${n}`, source, sourceColumn: 'c0', target, targetColumn: 'c0' })

describe('layoutSchemaGraph', () => {
  it('places every table without overlaps, referencing tables left of the referenced, loose tables below', () => {
    const tables = ['1', '2', '3', '4', '5', '6', '7'].map((id, i) => table(id, 2 + i))
    const graph: SchemaGraph = { tables, edges: [edge('1', '2', 0), edge('3', '2', 1), edge('2', '4', 2), edge('4', '4', 3)] }
    const at = layoutSchemaGraph(graph)
    expect(Object.keys(at).sort()).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    const box = (t: GraphTable) => ({ x0: at[t.id].x, y0: at[t.id].y, x1: at[t.id].x + NODE_WIDTH, y1: at[t.id].y + nodeHeight(t) })
    for (const a of tables) for (const b of tables) {
      if (a === b) continue
      const [p, q] = [box(a), box(b)]
      expect(p.x1 <= q.x0 || q.x1 <= p.x0 || p.y1 <= q.y0 || q.y1 <= p.y0, `${a.id} overlaps ${b.id}`).toBe(true)
    }
    expect(at['1'].x).toBeLessThan(at['2'].x)
    expect(at['2'].x).toBeLessThan(at['4'].x)
    const linkedBottom = Math.max(...['1', '2', '3', '4'].map((id) => at[id].y + nodeHeight(tables[Number(id) - 1])))
    for (const id of ['5', '6', '7']) expect(at[id].y).toBeGreaterThan(linkedBottom)
  })
})

describe('diagram positions', () => {
  it('remembers per project and schema, ignores junk, and forgets on an empty set', () => {
    writeDiagramPositions('ref', 'public', { a: { x: 1, y: 2 } })
    expect(readDiagramPositions('ref', 'public')).toEqual({ a: { x: 1, y: 2 } })
    expect(readDiagramPositions('ref', 'other')).toEqual({})
    expect(readDiagramPositions('other', 'public')).toEqual({})
    localStorage.setItem(Object.keys(localStorage)[0], JSON.stringify({ a: { x: 'no' }, b: { x: 3, y: 4 } }))
    expect(readDiagramPositions('ref', 'public')).toEqual({ b: { x: 3, y: 4 } })
    writeDiagramPositions('ref', 'public', {})
    expect(localStorage.length).toBe(0)
  })
})
