import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { useId } from 'react'
import { DatabaseScreen } from '@/components/ui/DatabaseScreen'
import { EmptyState } from '@/components/ui/EmptyState'
import { SelectField } from '@/components/ui/Field'
import { queryState } from '@/components/ui/QueryState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useSchemaGraphQuery } from '@/data/database/schema-graph-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { SchemaGraphText } from './SchemaGraphText'
import styles from './SchemaVisualizer.module.css'

// The graph libraries (xyflow, dagre, html-to-image) load with this screen only.
const SchemaDiagram = dynamic(() => import('./SchemaDiagram').then((m) => m.SchemaDiagram), {
  ssr: false,
  loading: () => <SkeletonLines lines={6} label="Loading the diagram" />,
})

const DEFAULT_SCHEMA = 'public'

/** /project/{ref}/database/schemas: a schema's tables, views and foreign keys as a diagram. Reads only, so every member sees all of it. */
export function SchemaVisualizerScreen({ projectRef }: { projectRef: string }) {
  return (
    <DatabaseScreen projectRef={projectRef} title="Schema visualizer" subtitle="The tables and views of a schema, their columns and the foreign keys between them.">
      {(access) => <SchemaVisualizer access={access} />}
    </DatabaseScreen>
  )
}

function SchemaVisualizer({ access }: { access: ProjectAccess }) {
  const router = useRouter()
  const id = useId()
  const schema = typeof router.query.schema === 'string' && router.query.schema ? router.query.schema : DEFAULT_SCHEMA
  const schemas = useSchemasQuery(access.db)
  const graph = useSchemaGraphQuery({ ...access.db, schema })

  const choose = (next: string) => {
    const query = { ...router.query, schema: next }
    if (next === DEFAULT_SCHEMA) delete (query as Record<string, unknown>).schema
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true })
  }
  const names = schemas.data?.map((s) => s.name) ?? []
  // A schema from the URL that the list does not hold still shows as chosen.
  if (!names.includes(schema)) names.unshift(schema)

  return (
    <>
      <div className={styles.toolbar}>
        <SelectField id={id} label="Schema" value={schema} onChange={(e) => choose(e.target.value)} options={names} disabled={schemas.isPending} />
      </div>
      {queryState(graph, {
        what: 'the schema',
        lines: 6,
        isEmpty: (data) => data.tables.length === 0,
        empty: <EmptyState title={`The schema ${schema} has no tables`} description="Create a table in the table editor or the SQL editor, and it appears here with its foreign keys." />,
      }) ??
        (graph.data && (
          <>
            <SchemaDiagram projectRef={access.db.projectRef} schema={schema} graph={graph.data} />
            <SchemaGraphText schema={schema} graph={graph.data} />
          </>
        ))}
    </>
  )
}
