import type { Key, ReactNode } from 'react'
import { SkeletonLines } from './Skeleton'
import styles from './DataTable.module.css'

/** One column: its header and how a row shows in it. */
export type DataTableColumn<Row> = {
  key: string
  header: ReactNode
  /** The header only names the column for screen readers (e.g. a column of buttons). */
  hideHeader?: boolean
  /** The cell names its row (`<th scope="row">`), as the first column usually does. */
  rowHeader?: boolean
  /** Keeps the cell on one line (dates, sizes). */
  nowrap?: boolean
  align?: 'left' | 'right' | 'center'
  /** Left out on small screens (spec §9: 639 px), header included. */
  hideOnMobile?: boolean
  /** The cells' class, or one a row decides (e.g. a cell with a pending change). */
  className?: string | ((row: Row) => string | undefined)
  render: (row: Row) => ReactNode
}

export type DataTableProps<Row> = {
  /** Names the table for screen readers, e.g. "Secrets". */
  label: string
  columns: DataTableColumn<Row>[]
  rows: readonly Row[] | undefined
  rowKey: (row: Row) => Key
  /** Buttons at the end of each row (an "Actions" column, named for screen readers). */
  actions?: (row: Row) => ReactNode
  /** While the rows load: placeholder lines in the table's place, announced with `loadingLabel`. */
  loading?: boolean
  loadingLabel?: string
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode
  /** Rows shown are stale while newer ones load (e.g. the previous page). */
  busy?: boolean
  className?: string
}

/** The frame and table classes, for a table DataTable cannot express (grouped rows, a caption). */
export const dataTableClasses = { scroll: styles.scroll, table: styles.table }

/**
 * A bordered, horizontally scrolling table of records with real table semantics: column headers
 * (`scope="col"`), an optional row header, row actions, and its loading and empty states.
 */
export function DataTable<Row>({ label, columns, rows, rowKey, actions, loading = false, loadingLabel, empty = null, busy, className }: DataTableProps<Row>) {
  if (loading) return <SkeletonLines lines={3} label={loadingLabel ?? `Loading ${label.toLowerCase()}`} />
  if (!rows || rows.length === 0) return <>{empty}</>
  const headerClass = (column: DataTableColumn<Row>) =>
    [column.align && column.align !== 'left' && styles[column.align], column.hideOnMobile && styles.hideOnMobile].filter(Boolean).join(' ') || undefined
  const cellClass = (column: DataTableColumn<Row>, row: Row) =>
    [typeof column.className === 'function' ? column.className(row) : column.className, column.nowrap && styles.nowrap, headerClass(column)]
      .filter(Boolean)
      .join(' ') || undefined
  return (
    <div className={[styles.scroll, className].filter(Boolean).join(' ')}>
      <table className={styles.table} aria-label={label} aria-busy={busy || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={headerClass(column)}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" className={cellClass(column, row)}>
                    {column.render(row)}
                  </th>
                ) : (
                  <td key={column.key} className={cellClass(column, row)}>
                    {column.render(row)}
                  </td>
                )
              )}
              {actions && (
                <td>
                  <div className={styles.rowActions}>{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
