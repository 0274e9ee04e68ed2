import type { SchemaGraph } from '@/lib/database/schema-graph'
import styles from './SchemaVisualizer.module.css'

const markers = (c: SchemaGraph['tables'][number]['columns'][number]) =>
  [c.primary && 'primary key', c.foreignKey && 'foreign key', c.unique && 'unique', c.nullable ? 'nullable' : 'not null'].filter(Boolean).join(', ')

/** The diagram as text, for screen readers and anyone who prefers a list: every table with its columns, then every relation. */
export function SchemaGraphText({ schema, graph }: { schema: string; graph: SchemaGraph }) {
  const byId = new Map(graph.tables.map((t) => [t.id, t]))
  const qualified = (id: string) => {
    const table = byId.get(id)
    return table ? (table.schema === schema ? table.name : `${table.schema}.${table.name}`) : id
  }
  return (
    <details className={styles.textAlternative}>
      <summary>Tables and relations as a list</summary>
      <section aria-label="Tables">
        <h2>Tables</h2>
        <ul>
          {graph.tables.map((table) => (
            <li key={table.id}>
              <strong>{qualified(table.id)}</strong> ({table.external ? `${table.kind} of the schema ${table.schema}` : table.kind})
              <ul>
                {table.columns.map((c) => (
                  <li key={c.name}>
                    {c.name}: {c.type} ({markers(c)})
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Relations">
        <h2>Relations</h2>
        {graph.edges.length === 0 ? (
          <p className="muted">No foreign keys.</p>
        ) : (
          <ul>
            {graph.edges.map((edge) => (
              <li key={edge.id}>
                {qualified(edge.source)}.{edge.sourceColumn} references {qualified(edge.target)}.{edge.targetColumn} ({edge.constraint})
              </li>
            ))}
          </ul>
        )}
      </section>
    </details>
  )
}
