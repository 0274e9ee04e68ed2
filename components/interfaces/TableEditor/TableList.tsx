import Link from 'next/link'
import { useId, useState } from 'react'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import type { TableListItem } from '@/data/table-editor/tables-query'
import { KIND_LABELS } from './TableEditor.utils'
import styles from './TableEditor.module.css'

type TableListProps = {
  projectRef: string
  schema: string | undefined
  tables: TableListItem[] | undefined
  isLoading: boolean
  error: unknown
  onRetry: () => void
  currentId?: number
  onNavigate?: () => void
}

/** Tables of the chosen schema with a search box; each links to its editor page. */
export function TableList({ projectRef, schema, tables, isLoading, error, onRetry, currentId, onNavigate }: TableListProps) {
  const [search, setSearch] = useState('')
  const searchId = useId()
  const needle = search.trim().toLowerCase()
  const shown = tables?.filter((t) => t.name.toLowerCase().includes(needle)) ?? []

  return (
    <>
      <div className="field">
        <label className="label" htmlFor={searchId}>
          Search tables
        </label>
        <input id={searchId} className="input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Filter by name" />
      </div>
      {isLoading ? (
        <SkeletonLines lines={4} label="Loading tables" />
      ) : error ? (
        <ErrorState title="Failed to load tables" error={error} onRetry={onRetry} />
      ) : tables && tables.length === 0 ? (
        <p className="muted" role="status" style={{ margin: 0 }}>
          No tables in {schema}.
        </p>
      ) : shown.length === 0 ? (
        <p className="muted" role="status">
          No tables match “{search}”.
        </p>
      ) : (
        <ul className={styles.tableList} aria-label={`Tables in ${schema ?? 'schema'}`}>
          {shown.map((table) => (
            <li key={table.id}>
              <Link
                href={`/project/${projectRef}/editor/${table.id}`}
                className={styles.tableLink}
                aria-current={table.id === currentId ? 'page' : undefined}
                onClick={onNavigate}
                title={table.comment ?? undefined}
              >
                <span className={styles.tableLinkName}>{table.name}</span>
                {table.kind !== 'r' && <span className={styles.kindTag}>{KIND_LABELS[table.kind] ?? table.kind}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
