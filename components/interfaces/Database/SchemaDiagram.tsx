import {
  Background,
  Controls,
  MarkerType,
  ReactFlow,
  ReactFlowProvider,
  getNodesBounds,
  getViewportForBounds,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Edge,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { downloadFile, safeFileName } from '@/components/ui/download-file'
import { tablePositionKey, type SchemaGraph } from '@/lib/database/schema-graph'
import { readDiagramPositions, writeDiagramPositions, type DiagramPositions } from '@/state/schema-diagram-positions'
import { layoutSchemaGraph, NODE_WIDTH } from './schema-diagram-layout'
import { SchemaTableNode, sourceHandle, targetHandle, type SchemaTableNodeType } from './SchemaTableNode'
import styles from './SchemaVisualizer.module.css'

export type SchemaDiagramProps = { projectRef: string; schema: string; graph: SchemaGraph }

const NODE_TYPES = { table: SchemaTableNode }
const EXPORT_PADDING = 60
const EXPORT_MAX_SIDE = 8192

function toNodes(graph: SchemaGraph, saved: DiagramPositions): SchemaTableNodeType[] {
  const layout = layoutSchemaGraph(graph)
  return graph.tables.map((table) => ({
    id: table.id,
    type: 'table',
    position: saved[tablePositionKey(table)] ?? layout[table.id],
    data: { table },
    width: NODE_WIDTH,
    ariaLabel: `${table.external ? 'Table of another schema' : table.kind === 'table' ? 'Table' : table.kind} ${table.schema}.${table.name}`,
  }))
}

function toEdges(graph: SchemaGraph): Edge[] {
  const byId = new Map(graph.tables.map((t) => [t.id, t]))
  const column = (tableId: string, name: string) => byId.get(tableId)?.columns.findIndex((c) => c.name === name) ?? -1
  return graph.edges.flatMap((edge) => {
    const from = column(edge.source, edge.sourceColumn)
    const to = column(edge.target, edge.targetColumn)
    if (from < 0 || to < 0) return []
    return [{
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: sourceHandle(from),
      targetHandle: targetHandle(to),
      type: 'smoothstep',
      className: styles.edge,
      markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
      ariaLabel: `${edge.sourceColumn} references ${byId.get(edge.target)?.name}.${edge.targetColumn}`,
    }]
  })
}

/**
 * html-to-image copies computed styles of HTML elements but not of the edges' SVG paths, whose
 * stroke comes from a stylesheet: inline it for the export, and give it back afterwards.
 */
async function withInlinedEdgeStrokes<T>(viewport: HTMLElement, run: () => Promise<T>): Promise<T> {
  const paths = [...viewport.querySelectorAll<SVGPathElement>('.react-flow__edge-path')]
  const before = paths.map((path) => path.getAttribute('style'))
  for (const path of paths) {
    const computed = getComputedStyle(path)
    path.style.stroke = computed.stroke
    path.style.strokeWidth = computed.strokeWidth
  }
  try {
    return await run()
  } finally {
    paths.forEach((path, i) => (before[i] === null ? path.removeAttribute('style') : path.setAttribute('style', before[i]!)))
  }
}

function Diagram({ projectRef, schema, graph }: SchemaDiagramProps) {
  const initialNodes = useMemo(() => toNodes(graph, readDiagramPositions(projectRef, schema)), [graph, projectRef, schema])
  const [nodes, setNodes, onNodesChange] = useNodesState(initialNodes)
  const initialEdges = useMemo(() => toEdges(graph), [graph])
  const [edges, setEdges, onEdgesChange] = useEdgesState(initialEdges)
  // A refetched graph (a table added in the SQL editor) redraws, dragged tables where they were left.
  useEffect(() => setNodes(initialNodes), [initialNodes, setNodes])
  useEffect(() => setEdges(initialEdges), [initialEdges, setEdges])
  const flow = useReactFlow<SchemaTableNodeType>()
  const wrapper = useRef<HTMLDivElement>(null)
  const [exporting, setExporting] = useState<'png' | 'svg' | null>(null)
  const [exportError, setExportError] = useState<string | null>(null)

  const remember = useCallback(() => {
    const positions: DiagramPositions = {}
    for (const node of flow.getNodes()) positions[tablePositionKey(node.data.table)] = { x: node.position.x, y: node.position.y }
    writeDiagramPositions(projectRef, schema, positions)
  }, [flow, projectRef, schema])

  const autoLayout = useCallback(() => {
    writeDiagramPositions(projectRef, schema, {})
    setNodes(toNodes(graph, {}))
    requestAnimationFrame(() => void flow.fitView({ padding: 0.15 }))
  }, [flow, graph, projectRef, schema, setNodes])

  const exportImage = useCallback(
    async (format: 'png' | 'svg') => {
      const viewport = wrapper.current?.querySelector<HTMLElement>('.react-flow__viewport')
      if (!viewport) return
      setExporting(format)
      setExportError(null)
      try {
        const { toPng, toSvg } = await import('html-to-image')
        const bounds = getNodesBounds(flow.getNodes())
        const width = Math.min(EXPORT_MAX_SIDE, Math.ceil(bounds.width + EXPORT_PADDING * 2))
        const height = Math.min(EXPORT_MAX_SIDE, Math.ceil(bounds.height + EXPORT_PADDING * 2))
        const view = getViewportForBounds(bounds, width, height, 0.1, 1, `${EXPORT_PADDING}px`)
        const options = {
          backgroundColor: getComputedStyle(document.body).backgroundColor || '#ffffff',
          width,
          height,
          style: { width: `${width}px`, height: `${height}px`, transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})` },
        }
        const dataUrl = await withInlinedEdgeStrokes(viewport, () => (format === 'png' ? toPng(viewport, options) : toSvg(viewport, options)))
        downloadFile(`${safeFileName(projectRef, 'project')}-${safeFileName(schema, 'schema')}-schema.${format}`, { dataUrl })
      } catch (error) {
        setExportError(`The diagram could not be exported: ${error instanceof Error ? error.message : String(error)}`)
      } finally {
        setExporting(null)
      }
    },
    [flow, projectRef, schema]
  )

  return (
    <div className={styles.diagramArea}>
      <div className={styles.diagramActions} role="group" aria-label="Diagram actions">
        <button type="button" className="btn btn-sm" onClick={autoLayout}>
          Auto layout
        </button>
        {(['png', 'svg'] as const).map((format) => (
          <button key={format} type="button" className="btn btn-sm" onClick={() => void exportImage(format)} disabled={exporting !== null}>
            {exporting === format ? 'Exporting…' : `Export ${format.toUpperCase()}`}
          </button>
        ))}
        {exportError && <span role="alert" className={styles.exportError}>{exportError}</span>}
      </div>
      <div ref={wrapper} className={styles.canvas} data-testid="schema-diagram">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onNodeDragStop={remember}
          nodesConnectable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          fitView
          fitViewOptions={{ padding: 0.15 }}
          minZoom={0.1}
          maxZoom={2}
          aria-label={`Diagram of the schema ${schema}`}
        >
          <Background gap={20} />
          <Controls showInteractive={false} aria-label="Zoom and fit" />
        </ReactFlow>
      </div>
    </div>
  )
}

/** The schema's tables as a diagram (xyflow; loaded only on this screen): drag, zoom, auto layout, export. */
export function SchemaDiagram(props: SchemaDiagramProps) {
  return (
    <ReactFlowProvider>
      <Diagram key={`${props.projectRef}:${props.schema}`} {...props} />
    </ReactFlowProvider>
  )
}
