import dagre from '@dagrejs/dagre'
import type { GraphTable, SchemaGraph } from '@/lib/database/schema-graph'

/** The drawn size of a table node: a fixed width, a header and one line per column. */
export const NODE_WIDTH = 300
export const NODE_HEADER_HEIGHT = 44
export const NODE_ROW_HEIGHT = 28

export const nodeHeight = (table: GraphTable) => NODE_HEADER_HEIGHT + Math.max(1, table.columns.length) * NODE_ROW_HEIGHT + 2

const GAP = 48

/**
 * Top-left positions of every table: those joined by foreign keys laid out left to right by dagre
 * (referencing tables before the ones they reference), the tables without any below them in rows.
 */
export function layoutSchemaGraph(graph: SchemaGraph): Record<string, { x: number; y: number }> {
  const positions: Record<string, { x: number; y: number }> = {}
  const linked = new Set(graph.edges.filter((e) => e.source !== e.target).flatMap((e) => [e.source, e.target]))
  const g = new dagre.graphlib.Graph({ multigraph: false })
  g.setGraph({ rankdir: 'LR', nodesep: GAP, ranksep: 140, marginx: 0, marginy: 0 })
  g.setDefaultEdgeLabel(() => ({}))
  for (const table of graph.tables) if (linked.has(table.id)) g.setNode(table.id, { width: NODE_WIDTH, height: nodeHeight(table) })
  for (const edge of graph.edges) if (edge.source !== edge.target) g.setEdge(edge.source, edge.target)
  dagre.layout(g)
  let bottom = 0
  for (const table of graph.tables) {
    if (!linked.has(table.id)) continue
    const node = g.node(table.id)
    const height = nodeHeight(table)
    positions[table.id] = { x: node.x - NODE_WIDTH / 2, y: node.y - height / 2 }
    bottom = Math.max(bottom, node.y + height / 2 + GAP * 2)
  }
  const alone = graph.tables.filter((t) => !linked.has(t.id))
  const perRow = Math.max(1, Math.min(5, Math.ceil(Math.sqrt(alone.length))))
  for (let start = 0; start < alone.length; start += perRow) {
    const row = alone.slice(start, start + perRow)
    row.forEach((table, i) => (positions[table.id] = { x: i * (NODE_WIDTH + GAP), y: bottom }))
    bottom += Math.max(...row.map(nodeHeight)) + GAP
  }
  return positions
}
