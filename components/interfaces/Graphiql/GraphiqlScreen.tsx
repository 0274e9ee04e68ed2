import type { IntrospectionQuery } from 'graphql'
import Link from 'next/link'
import { useMemo } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { useGraphqlSchemaQuery } from '@/data/graphql/graphql-schema-query'
import { isCollectionField } from '@/lib/graphql/example-query'
import { GraphiqlExplorer } from './GraphiqlExplorer'
import styles from './Graphiql.module.css'
import { useProjectAccess } from '@/hooks/use-project-access'

export type GraphiqlScreenProps = {
  projectRef: string
  /** The page's heading: the same explorer serves the API and the Database areas. */
  heading: string
}

/** The GraphQL explorer of a project: loading, error and empty states around the explorer. */
export function GraphiqlScreen({ projectRef, heading }: GraphiqlScreenProps) {
  const connection = useProjectAccess(projectRef)
  const schema = useGraphqlSchemaQuery({ projectRef, enabled: connection.serving })
  const canMutate = connection.canMutateTables
  const collections = useMemo(() => {
    const s = schema.data?.__schema
    const query = s?.types.find((t) => t.name === s.queryType?.name)
    return s && query?.kind === 'OBJECT' ? query.fields.filter((f) => isCollectionField(s, f)).map((f) => f.name) : []
  }, [schema.data])

  const header = (
    <header className={styles.header}>
      <div>
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.subheading}>
          Query the tables and views of the <code>public</code> schema with GraphQL, generated from the database and refreshed when it changes.
        </p>
      </div>
    </header>
  )

  let body: React.ReactNode
  if (connection.isLoading || (connection.serving && schema.isPending)) {
    body = <SkeletonLines lines={6} label="Loading the GraphQL schema" />
  } else if (connection.error) {
    body = <ErrorState title="Failed to load the project" error={connection.error} onRetry={() => void connection.refetch()} />
  } else if (!connection.serving) {
    body = (
      <Admonition type="warning" title="The database is not serving queries" role="status">
        The project is {connection.project?.status ?? 'not ready'}; the GraphQL explorer works once its database is up.
      </Admonition>
    )
  } else if (schema.error) {
    body = <ErrorState title="Failed to load the GraphQL schema" error={schema.error} onRetry={() => void schema.refetch()} retrying={schema.isFetching} />
  } else if (schema.data && collections.length === 0) {
    body = (
      <EmptyState
        title="Create a table to query it with GraphQL"
        description="The public schema has no tables or views yet. Each one becomes a collection you can query, filter and change here."
        action={
          <div className={styles.emptyActions}>
            <Link className="btn btn-primary" href={`/project/${projectRef}/editor`}>
              Open the table editor
            </Link>
            <button type="button" className="btn" onClick={() => void schema.refetch()} disabled={schema.isFetching}>
              Check again
            </button>
          </div>
        }
      />
    )
  } else {
    body = (
      <GraphiqlExplorer
        projectRef={projectRef}
        schema={(schema.data as IntrospectionQuery).__schema}
        firstCollection={collections[0]}
        canMutate={canMutate}
        onSchemaRefresh={() => void schema.refetch()}
        refreshing={schema.isFetching}
      />
    )
  }

  return (
    <div className={styles.page}>
      {header}
      {body}
    </div>
  )
}
