import dynamic from 'next/dynamic'
import { useMemo, useState } from 'react'
import { Admonition } from '@/components/ui/Admonition'
import { DataTable } from '@/components/ui/DataTable'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SelectField } from '@/components/ui/Field'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { Toggle } from '@/components/ui/Toggle'
import { usePublicationTablesQuery } from '@/data/database/publication-tables-query'
import { usePublicationsQuery } from '@/data/database/publications-query'
import { useSchemasQuery } from '@/data/table-editor/schemas-query'
import { useTablesQuery } from '@/data/table-editor/tables-query'
import type { ProjectAccess } from '@/hooks/use-project-access'
import { REALTIME_PUBLICATION, tablesFixedReason, type PublishedTable } from '@/lib/database/publications'
import type { PublicationChange } from './PublicationChangeModal'
import styles from './Database.module.css'

const PublicationChangeModal = dynamic(() => import('./PublicationChangeModal').then((m) => m.PublicationChangeModal), { ssr: false })

/** Tables and partitioned tables can be published; views and foreign tables cannot. */
const PUBLISHABLE = new Set(['r', 'p'])

/** One publication opened: the tables of a schema, each with a switch that adds it to the publication or removes it. */
export function PublicationTables({ access, name, onBack }: { access: ProjectAccess; name: string; onBack: () => void }) {
  const [schema, setSchema] = useState('public')
  const [change, setChange] = useState<PublicationChange | null>(null)
  const publications = usePublicationsQuery(access.db)
  const published = usePublicationTablesQuery({ ...access.db, name })
  const schemas = useSchemasQuery(access.db)
  const tables = useTablesQuery({ ...access.db, schema })
  const publication = publications.data?.find((p) => p.name === name)
  const on = useMemo(() => new Set((published.data ?? []).map((t) => `${t.schema}.${t.name}`)), [published.data])
  const rows = useMemo(() => (tables.data ?? []).filter((t) => PUBLISHABLE.has(t.kind)), [tables.data])
  const fixed = publication ? tablesFixedReason(publication) : null

  let body
  if (published.isPending || tables.isPending || publications.isPending) body = <SkeletonLines lines={4} label="Loading tables" />
  else if (published.isError || tables.isError || publications.isError) {
    const failed = published.error ?? tables.error ?? publications.error
    body = <ErrorState title="Failed to load the tables" error={failed} onRetry={() => void Promise.all([published.refetch(), tables.refetch(), publications.refetch()])} />
  } else if (!publication) {
    body = <EmptyState title={`No publication named ${name}`} description="It was dropped or renamed meanwhile." action={<button type="button" className="btn" onClick={onBack}>Back to publications</button>} />
  } else {
    body = (
      <DataTable
        label={`Tables of ${name}`}
        rows={rows}
        rowKey={(t) => t.id}
        empty={<EmptyState title={`No tables in ${schema}`} description="Choose another schema, or create a table in the table editor." />}
        columns={[
          { key: 'name', header: 'Table', rowHeader: true, className: styles.mono, render: (t) => t.name },
          { key: 'comment', header: 'Description', hideOnMobile: true, render: (t) => t.comment ?? '' },
          {
            key: 'published',
            header: 'Published',
            render: (t) => {
              const table: PublishedTable = { schema: t.schema, name: t.name }
              return (
                <Toggle
                  aria-label={`${t.schema}.${t.name} in ${name}`}
                  checked={on.has(`${t.schema}.${t.name}`)}
                  disabled={!access.canWrite || Boolean(fixed)}
                  size="small"
                  onChange={(next) => setChange({ kind: 'table', name, table, on: next })}
                />
              )
            },
          },
        ]}
      />
    )
  }

  return (
    <section aria-label={`Publication ${name}`} className={styles.form} style={{ gap: '0.75rem' }}>
      <div className={styles.pubBar}>
        <button type="button" className="btn btn-sm" onClick={onBack}>
          ← All publications
        </button>
        <h2 className={styles.mono}>{name}</h2>
        {!published.isPending && published.data && <span className="muted">{published.data.length} published</span>}
      </div>
      {name === REALTIME_PUBLICATION && (
        <Admonition type="default" title="Realtime streams these tables' changes">
          A subscriber receives a change of a table only while it is on here, and only the rows its row level security lets it read. This is what{' '}
          <code>alter publication supabase_realtime add table …</code> does.
        </Admonition>
      )}
      {fixed && <Admonition type="default" title="All tables">{fixed}</Admonition>}
      <div className={styles.schemaPick}>
        <SelectField id="publication-schema" label="Schema" value={schema} onChange={(e) => setSchema(e.target.value)}
          options={(schemas.data ?? [{ name: 'public' }]).map((s) => ({ value: s.name, label: s.name }))} />
      </div>
      {body}
      {access.writeBlockedReason && <p className="field-hint" style={{ margin: 0 }}>{access.writeBlockedReason}</p>}
      {change && <PublicationChangeModal access={access} change={change} onClose={() => setChange(null)} />}
    </section>
  )
}
