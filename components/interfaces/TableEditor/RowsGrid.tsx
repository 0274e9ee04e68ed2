import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import type { CatalogueColumn } from '@/lib/sql/table-description'
import type { RowSort } from '@/lib/sql/table-rows'
import { cellText, needsViewer } from './TableEditor.utils'
import styles from './TableEditor.module.css'
import gridStyles from './TableGrid.module.css'

const ROW_HEIGHT = 34
/** Start loading the next page this many rows before the end is reached. */
const PREFETCH_ROWS = 30

type RowsGridProps = {
  label: string
  columns: readonly CatalogueColumn[]
  rows: readonly Record<string, unknown>[]
  /** Total under the filters when known (for aria-rowcount). */
  totalRows: number | undefined
  sorts: readonly RowSort[]
  onSortChange: (sorts: RowSort[]) => void
  hasNextPage: boolean
  isFetchingNextPage: boolean
  onLoadMore: () => void
  /** Row selection and editing: only for tables with a primary key. */
  selectable: boolean
  isSelected: (index: number) => boolean
  onToggleRow: (index: number) => void
  onEditRow: (index: number) => void
  onViewCell: (index: number, column: CatalogueColumn) => void
}

function columnWidth(column: CatalogueColumn): number {
  const type = column.data_type
  const base = /^(boolean|smallint|integer|bigint|real|double precision)$/.test(type)
    ? 110
    : /json|text|character/.test(type)
      ? 220
      : /timestamp/.test(type)
        ? 230
        : 160
  return Math.min(Math.max(base, column.name.length * 8 + 48), 320)
}

const SELECT_COLUMN_WIDTH = 96

/** Next sort of a column header: none → ascending → descending → none (one column at a time). */
export function nextSort(sorts: readonly RowSort[], column: string): RowSort[] {
  const current = sorts.find((s) => s.column === column)
  if (!current) return [{ column, direction: 'asc' }]
  if (current.direction === 'asc') return [{ column, direction: 'desc' }]
  return []
}

/**
 * The rows grid: only the visible rows are in the DOM (@tanstack/react-virtual); scrolling near
 * the end asks for the next page from the server.
 */
export function RowsGrid(props: RowsGridProps) {
  const { label, columns, rows, totalRows, sorts, onSortChange, hasNextPage, isFetchingNextPage, onLoadMore, selectable } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const count = rows.length + (hasNextPage ? 1 : 0)
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Before the scroller is measured (and in tests without layout), render a screenful.
    initialRect: { width: 1024, height: 640 },
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.length ? items[items.length - 1].index : -1

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - PREFETCH_ROWS) onLoadMore()
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, onLoadMore])

  const widths = [...(selectable ? [SELECT_COLUMN_WIDTH] : []), ...columns.map(columnWidth)]
  const template = widths.map((w) => `${w}px`).join(' ')
  const totalWidth = widths.reduce((a, b) => a + b, 0)
  const rowStyle = { gridTemplateColumns: template, width: `max(100%, ${totalWidth}px)` }

  return (
    <div
      ref={scrollRef}
      className={gridStyles.gridScroller}
      role="table"
      aria-label={label}
      aria-rowcount={totalRows !== undefined ? totalRows + 1 : -1}
      tabIndex={0}
    >
      <div role="rowgroup" className={gridStyles.gridHeader}>
        <div role="row" aria-rowindex={1} className={gridStyles.gridRow} style={rowStyle}>
          {selectable && (
            <div role="columnheader" className={gridStyles.rowActions}>
              <span className="visually-hidden">Row actions</span>
            </div>
          )}
          {columns.map((column) => {
            const sort = sorts.find((s) => s.column === column.name)
            return (
              <div
                key={column.name}
                role="columnheader"
                className={gridStyles.headerCell}
                aria-sort={sort ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                <button
                  type="button"
                  className={gridStyles.headerButton}
                  onClick={() => onSortChange(nextSort(sorts, column.name))}
                  title={`Sort by ${column.name}`}
                >
                  <span className={gridStyles.headerName}>
                    {column.name}
                    {sort && (
                      <span className={gridStyles.sortMark} aria-hidden="true">
                        {' '}
                        {sort.direction === 'asc' ? '▲' : '▼'}
                      </span>
                    )}
                  </span>
                  <span className={gridStyles.headerType}>{column.data_type}</span>
                </button>
              </div>
            )
          })}
        </div>
      </div>
      <div role="rowgroup" className={gridStyles.gridBody} style={{ height: virtualizer.getTotalSize(), width: rowStyle.width }}>
        {items.map((item) => {
          const row = rows[item.index]
          const position = { transform: `translateY(${item.start}px)`, height: item.size }
          if (!row) {
            return (
              <div key="loader" role="row" aria-rowindex={item.index + 2} className={`${gridStyles.gridRow} ${gridStyles.gridBodyRow}`} style={{ ...rowStyle, ...position }}>
                <div role="cell" className={styles.loadingMore} style={{ gridColumn: '1 / -1' }}>
                  Loading more rows…
                </div>
              </div>
            )
          }
          const number = item.index + 1
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={selectable ? props.isSelected(item.index) : undefined}
              className={`${gridStyles.gridRow} ${gridStyles.gridBodyRow}`}
              style={{ ...rowStyle, ...position }}
              onDoubleClick={selectable ? () => props.onEditRow(item.index) : undefined}
            >
              {selectable && (
                <div role="cell" className={gridStyles.rowActions}>
                  <input type="checkbox" aria-label={`Select row ${number}`} checked={props.isSelected(item.index)} onChange={() => props.onToggleRow(item.index)} />
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={`Edit row ${number}`} onClick={() => props.onEditRow(item.index)}>
                    Edit
                  </button>
                </div>
              )}
              {columns.map((column) => {
                const value = row[column.name]
                const text = cellText(value)
                return (
                  <div key={column.name} role="cell" className={gridStyles.cell}>
                    {needsViewer(value, column) ? (
                      <button type="button" className={gridStyles.cellButton} aria-label={`View ${column.name} of row ${number}`} onClick={() => props.onViewCell(item.index, column)}>
                        {text}
                      </button>
                    ) : (
                      <span className={value === null || value === undefined ? `${gridStyles.cellText} ${gridStyles.nullText}` : gridStyles.cellText} title={text}>
                        {text}
                      </span>
                    )}
                  </div>
                )
              })}
            </div>
          )
        })}
      </div>
    </div>
  )
}
