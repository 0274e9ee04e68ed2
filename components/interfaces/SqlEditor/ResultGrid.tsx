import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useMemo, useRef } from 'react'
import type { SqlField } from '@/data/sql/execute-sql'
import { cellText } from '@/lib/sql/result-export'
import { CELL_DISPLAY_MAX_CHARS } from './SqlEditor.constants'
import resultStyles from './SqlResults.module.css'

const ROW_HEIGHT = 30
const HEADER_HEIGHT = 44
const MIN_COLUMN_WIDTH = 90
const MAX_COLUMN_WIDTH = 360
const CHAR_WIDTH = 7.5
/** Rows looked at to size the columns: enough to be representative, cheap at 100,000 rows. */
const SIZING_SAMPLE_ROWS = 50

export type ResultGridProps = {
  fields: SqlField[]
  rows: Record<string, unknown>[]
}

/** Column widths from the header and a sample of the values. */
export function columnWidths(fields: SqlField[], rows: Record<string, unknown>[]): number[] {
  const sample = rows.slice(0, SIZING_SAMPLE_ROWS)
  return fields.map((field) => {
    let chars = Math.max(field.name.length, (field.type ?? '').length + 2)
    for (const row of sample) chars = Math.max(chars, Math.min(cellText(row[field.name]).length, 60))
    return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, chars * CHAR_WIDTH + 24)))
  })
}

function CellValue({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={resultStyles.nullValue}>NULL</span>
  const text = cellText(value)
  return <>{text.length > CELL_DISPLAY_MAX_CHARS ? `${text.slice(0, CELL_DISPLAY_MAX_CHARS)}…` : text}</>
}

/**
 * The rows of a result in a grid that renders only what is in view, rows and columns both
 * (so 100,000 rows and hundreds of columns never freeze the page). The row number column and
 * the header stay put while scrolling.
 */
export const ResultGrid = memo(function ResultGrid({ fields, rows }: ResultGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const widths = useMemo(() => columnWidths(fields, rows), [fields, rows])
  const gutter = Math.max(48, String(rows.length).length * 8 + 24)

  const rowVirtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  })
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: fields.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => widths[index],
    overscan: 4,
  })

  const totalWidth = gutter + columnVirtualizer.getTotalSize()
  const columns = columnVirtualizer.getVirtualItems()

  return (
    <div
      ref={scrollRef}
      className={resultStyles.gridScroll}
      role="grid"
      aria-label="Query results"
      aria-rowcount={rows.length + 1}
      aria-colcount={fields.length + 1}
      tabIndex={0}
    >
      <div role="rowgroup" className={resultStyles.gridHeader} style={{ width: totalWidth, height: HEADER_HEIGHT }}>
        <div role="row" aria-rowindex={1} className={resultStyles.gridRow} style={{ height: HEADER_HEIGHT, width: totalWidth }}>
          <div role="columnheader" aria-colindex={1} className={`${resultStyles.gutterCell} ${resultStyles.headerCell}`} style={{ width: gutter }}>
            <span className="visually-hidden">Row</span>#
          </div>
          {columns.map((column) => {
            const field = fields[column.index]
            return (
              <div
                key={column.key}
                role="columnheader"
                aria-colindex={column.index + 2}
                className={resultStyles.headerCell}
                style={{ left: gutter + column.start, width: column.size }}
                title={`${field.name} (${field.type ?? 'unknown type'})`}
              >
                <span className={resultStyles.columnName}>{field.name}</span>
                <span className={resultStyles.columnType}>{field.type ?? `oid ${field.dataTypeID}`}</span>
              </div>
            )
          })}
        </div>
      </div>
      <div role="rowgroup" style={{ position: 'relative', height: rowVirtualizer.getTotalSize(), width: totalWidth }}>
        {rowVirtualizer.getVirtualItems().map((virtualRow) => {
          const row = rows[virtualRow.index]
          return (
            <div
              key={virtualRow.key}
              role="row"
              aria-rowindex={virtualRow.index + 2}
              className={resultStyles.gridRow}
              style={{ transform: `translateY(${virtualRow.start}px)`, height: ROW_HEIGHT, width: totalWidth }}
            >
              <div role="rowheader" aria-colindex={1} className={resultStyles.gutterCell} style={{ width: gutter }}>
                {virtualRow.index + 1}
              </div>
              {columns.map((column) => (
                <div
                  key={column.key}
                  role="gridcell"
                  aria-colindex={column.index + 2}
                  className={resultStyles.cell}
                  style={{ left: gutter + column.start, width: column.size }}
                >
                  <CellValue value={row[fields[column.index].name]} />
                </div>
              ))}
            </div>
          )
        })}
      </div>
    </div>
  )
})
