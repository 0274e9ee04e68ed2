import dynamic from 'next/dynamic'
import { useCallback, useMemo, useState } from 'react'
import { EmptyState } from '@/components/ui/EmptyState'
import { ErrorState } from '@/components/ui/ErrorState'
import { SkeletonLines } from '@/components/ui/Skeleton'
import { WriteButton } from '@/components/ui/WriteButton'
import { useRowCountQuery } from '@/data/table-editor/row-count-query'
import { useRowsQuery } from '@/data/table-editor/rows-query'
import type { RowKey } from '@/lib/sql/row-dml'
import { formatRowCount } from '@/lib/sql/row-count'
import { primaryKeyColumns, type CatalogueTable } from '@/lib/sql/table-description'
import type { RowFilter, RowSort } from '@/lib/sql/table-rows'
import { CellViewerModal, type ViewedCell } from './CellViewerModal'
import { DeleteRowsModal } from './DeleteRowsModal'
import { ExportMenu } from './ExportMenu'
import { FilterBar } from './FilterBar'
import { RowEditorModal } from './RowEditorModal'
import { RowsGrid } from './RowsGrid'
import { isEditableKind, rowKeyOf } from './TableEditor.utils'
import styles from './TableEditor.module.css'

type DataViewProps = { projectRef: string; connectionString: string | null; table: CatalogueTable; writeBlockedReason?: string | null }

const NO_FILTERS: RowFilter[] = []

/** The import dialog (and its CSV parser) loads when it opens, not with the editor. */
const ImportDataModal = dynamic(() => import('./ImportDataModal').then((m) => m.ImportDataModal), { ssr: false })

/** The Data tab: toolbar (filters, insert, delete, row count) over the rows grid. */
export function DataView({ projectRef, connectionString, table, writeBlockedReason = null }: DataViewProps) {
  const [filters, setFilters] = useState<RowFilter[]>(NO_FILTERS)
  const [sorts, setSorts] = useState<RowSort[]>([])
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [selected, setSelected] = useState<Map<string, RowKey>>(new Map())
  const [editing, setEditing] = useState<Record<string, unknown> | 'new' | null>(null)
  const [viewed, setViewed] = useState<ViewedCell | null>(null)
  const [deleting, setDeleting] = useState(false)
  const [importing, setImporting] = useState(false)

  const primaryKey = useMemo(() => primaryKeyColumns(table), [table])
  const tableRef = useMemo(() => ({ schema: table.schema, name: table.name, id: table.id, primaryKey }), [table, primaryKey])
  const db = { projectRef, connectionString }
  const rowsQuery = useRowsQuery({ ...db, table: tableRef, filters, sorts })
  // The count waits for the first rows: on the embedded store one session answers both, and the
  // grid is what the user is waiting for.
  const countQuery = useRowCountQuery({ ...db, table: tableRef, filters, enabled: rowsQuery.isSuccess || rowsQuery.isError })
  const rows = useMemo(() => rowsQuery.data?.pages.flatMap((p) => p.rows) ?? [], [rowsQuery.data])
  // Every row is loaded (no further page): their number is the exact count, whatever the estimate says.
  const loadedCount = rowsQuery.isSuccess && !rowsQuery.hasNextPage && !rowsQuery.isPlaceholderData ? rows.length : undefined
  const rowCount = loadedCount !== undefined ? { exact: true, count: loadedCount } : countQuery.isPlaceholderData ? undefined : countQuery.data

  const editable = isEditableKind(table.kind)
  const selectable = editable && primaryKey.length > 0
  const keyId = (row: Record<string, unknown>) => JSON.stringify(rowKeyOf(table, row))
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = rowsQuery
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage])

  const toggleRow = (index: number) => {
    const row = rows[index]
    const key = rowKeyOf(table, row)
    if (!key) return
    setSelected((current) => {
      const next = new Map(current)
      const id = JSON.stringify(key)
      if (next.has(id)) next.delete(id)
      else next.set(id, key)
      return next
    })
  }

  const applyFilters = (next: RowFilter[]) => {
    setFilters(next.length ? next : NO_FILTERS)
    setSelected(new Map())
  }

  let body
  if (rowsQuery.isPending) body = <div className={styles.status}><SkeletonLines lines={6} label="Loading rows" /></div>
  else if (rowsQuery.error && rows.length === 0)
    body = (
      <div className={styles.status}>
        <ErrorState title="Failed to load rows" error={rowsQuery.error} onRetry={() => void rowsQuery.refetch()} />
      </div>
    )
  else if (rows.length === 0)
    body = (
      <div className={styles.status}>
        <EmptyState
          title={filters.length ? 'No rows match the filters' : 'This table has no rows'}
          description={filters.length ? 'Change or clear the filters to see rows.' : editable ? 'Insert a row to get started.' : undefined}
        />
      </div>
    )
  else
    body = (
      <RowsGrid
        label={`Rows of ${table.schema}.${table.name}`}
        columns={table.columns}
        rows={rows}
        totalRows={rowCount?.exact ? rowCount.count : undefined}
        sorts={sorts}
        onSortChange={setSorts}
        hasNextPage={Boolean(hasNextPage)}
        isFetchingNextPage={isFetchingNextPage}
        onLoadMore={loadMore}
        selectable={selectable}
        isSelected={(index) => selected.has(keyId(rows[index]))}
        onToggleRow={toggleRow}
        onEditRow={(index) => setEditing(rows[index])}
        onViewCell={(index, column) => setViewed({ column: column.name, dataType: column.data_type, value: rows[index][column.name], rowNumber: index + 1 })}
      />
    )

  return (
    <>
      <div className={styles.toolbar} role="toolbar" aria-label="Rows">
        <button type="button" className="btn btn-sm" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((open) => !open)}>
          {filters.length ? `Filters (${filters.length})` : 'Filter'}
        </button>
        {sorts.length > 0 && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={() => setSorts([])}>
            Sorted by {sorts[0].column} {sorts[0].direction === 'asc' ? 'ascending' : 'descending'} · Clear sort
          </button>
        )}
        {editable && (
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setEditing('new')}>
            Insert row
          </button>
        )}
        {selected.size > 0 && (
          <button type="button" className="btn btn-sm btn-danger" onClick={() => setDeleting(true)}>
            Delete {selected.size} {selected.size === 1 ? 'row' : 'rows'}
          </button>
        )}
        {editable && table.kind !== 'v' && table.kind !== 'm' && (
          <WriteButton blockedReason={writeBlockedReason} className="btn btn-sm" onClick={() => setImporting(true)}>
            Import data
          </WriteButton>
        )}
        <ExportMenu projectRef={projectRef} connectionString={connectionString} table={table} filters={filters} sorts={sorts} />
        <span className={styles.rowCount} role="status" aria-live="polite">
          {rowsQuery.isPlaceholderData ? 'Loading rows… · ' : ''}
          {rowCount ? formatRowCount(rowCount) : countQuery.error ? 'Row count unavailable' : 'Counting rows…'}
        </span>
      </div>
      {editable && !selectable && (
        <p className="muted" style={{ margin: 0, padding: '0.4rem 1rem', fontSize: '0.85rem' }}>
          This table has no primary key: rows can be inserted, but not edited or deleted here.
        </p>
      )}
      {filtersOpen && <FilterBar columns={table.columns} filters={filters} onApply={applyFilters} />}
      {rowsQuery.error && rows.length > 0 && (
        <div style={{ padding: '0.5rem 1rem' }}>
          <ErrorState title="Failed to load more rows" error={rowsQuery.error} onRetry={() => void rowsQuery.fetchNextPage()} />
        </div>
      )}
      {body}
      {editing && (
        <RowEditorModal
          projectRef={projectRef}
          connectionString={connectionString}
          table={table}
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {importing && <ImportDataModal projectRef={projectRef} connectionString={connectionString} target={{ kind: 'existing', table }} onClose={() => setImporting(false)} />}
      {viewed && <CellViewerModal cell={viewed} onClose={() => setViewed(null)} />}
      {deleting && (
        <DeleteRowsModal
          projectRef={projectRef}
          connectionString={connectionString}
          table={table}
          rowKeys={[...selected.values()]}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false)
            setSelected(new Map())
          }}
        />
      )}
    </>
  )
}
