import { Handle, Position, type Node, type NodeProps } from '@xyflow/react'
import { memo } from 'react'
import type { GraphColumn, GraphTable } from '@/lib/database/schema-graph'
import styles from './SchemaVisualizer.module.css'

export type SchemaTableNodeType = Node<{ table: GraphTable }, 'table'>

/** The handle ids of a column: edges leave a referencing column on the right, reach a referenced one on the left. */
export const sourceHandle = (index: number) => `s${index}`
export const targetHandle = (index: number) => `t${index}`

function Markers({ column }: { column: GraphColumn }) {
  return (
    <span className={styles.markers}>
      {column.primary && <abbr className={styles.markerPk} title="Primary key">PK</abbr>}
      {column.foreignKey && <abbr className={styles.markerFk} title="Foreign key">FK</abbr>}
      {column.unique && <abbr className={styles.marker} title="Unique">UQ</abbr>}
      {column.nullable && <abbr className={styles.markerNull} title="Nullable">NULL</abbr>}
    </span>
  )
}

/** A table of the diagram: its name (and kind or schema when not a plain table of this schema), then its columns. */
export const SchemaTableNode = memo(function SchemaTableNode({ data: { table } }: NodeProps<SchemaTableNodeType>) {
  const kind = table.kind === 'table' ? null : table.kind
  return (
    <div className={`${styles.node} ${table.external ? styles.external : ''} ${kind ? styles.viewNode : ''}`}>
      <div className={styles.nodeHeader}>
        <span className={styles.nodeName} title={`${table.schema}.${table.name}`}>
          {table.external && <span className={styles.nodeSchema}>{table.schema}.</span>}
          {table.name}
        </span>
        {kind && <span className={styles.kindBadge}>{kind}</span>}
        {table.external && <span className={styles.kindBadge}>other schema</span>}
      </div>
      <ul className={styles.columns}>
        {table.columns.map((column, i) => (
          <li key={column.name} className={styles.column}>
            <Handle type="target" position={Position.Left} id={targetHandle(i)} className={styles.handle} isConnectable={false} />
            <span className={styles.columnName} title={column.name}>{column.name}</span>
            <span className={styles.columnType} title={column.type}>{column.type}</span>
            <Markers column={column} />
            <Handle type="source" position={Position.Right} id={sourceHandle(i)} className={styles.handle} isConnectable={false} />
          </li>
        ))}
        {table.columns.length === 0 && <li className={`${styles.column} muted`}>No columns</li>}
      </ul>
    </div>
  )
})
