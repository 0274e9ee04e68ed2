import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { Badge } from '@/components/ui/Badge'
import { logSourceLabel } from '@/lib/catalogue/log-sources'
import type { ProjectLogLine } from '@/lib/api-types/logs'
import { formatLogTimestamp, logLineBadge } from '@/lib/logs/log-lines'
import styles from './Logs.module.css'
import { useIsNarrowScreen } from './useIsNarrowScreen'

const ROW_HEIGHT = 34
/** On a phone a row takes two lines: time, source and level, then the message below. */
const COMPACT_ROW_HEIGHT = 56

export type LogsTableProps = {
  lines: ProjectLogLine[]
  /** The unified view shows each line's source. */
  showSource: boolean
  selectedId: string | null
  onSelect: (line: ProjectLogLine) => void
}

/**
 * Log lines in a grid that renders only the rows in view (thousands of lines stay smooth).
 * A row opens its detail on click, Enter or Space; the arrow keys move between rows.
 */
export function LogsTable({ lines, showSource, selectedId, onSelect }: LogsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const compact = useIsNarrowScreen()
  const rowHeight = compact ? COMPACT_ROW_HEIGHT : ROW_HEIGHT
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 15,
    // jsdom (tests) measures nothing: fall back to a window of rows there.
    initialRect: { width: 1000, height: 600 },
  })
  // Rows change height when the screen crosses the mobile breakpoint (also right after hydration).
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer])
  // One tab stop for the whole grid (the selected row, else the first); arrows move within it.
  const selectedIndex = lines.findIndex((line) => line.id === selectedId)
  const tabStop = selectedIndex >= 0 ? selectedIndex : 0
  const columns = compact
    ? showSource
      ? 'minmax(0, 1fr) auto auto'
      : 'minmax(0, 1fr) auto'
    : showSource
      ? '205px 130px 72px minmax(0, 1fr)'
      : '205px 72px minmax(0, 1fr)'
  const rowClass = compact ? `${styles.row} ${styles.compactRow}` : styles.row

  function onRowKeyDown(event: KeyboardEvent<HTMLDivElement>, index: number) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onSelect(lines[index])
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const next = Math.min(lines.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))
      virtualizer.scrollToIndex(next)
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${next}"]`)?.focus())
    }
  }

  return (
    <div ref={scrollRef} className={styles.grid} role="grid" aria-label="Log lines" aria-rowcount={lines.length + 1}>
      <div role="rowgroup" className={styles.gridHeader}>
        <div role="row" aria-rowindex={1} className={styles.headerRow} style={{ gridTemplateColumns: columns }}>
          <div role="columnheader" className={styles.cell}>Timestamp</div>
          {showSource && <div role="columnheader" className={styles.cell}>Source</div>}
          <div role="columnheader" className={styles.cell}>Level</div>
          <div role="columnheader" className={compact ? 'visually-hidden' : styles.cell}>
            Event message
          </div>
        </div>
      </div>
      <div role="rowgroup" style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const line = lines[item.index]
          const badge = logLineBadge(line)
          return (
            <div
              key={line.id}
              data-index={item.index}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={line.id === selectedId}
              tabIndex={item.index === tabStop ? 0 : -1}
              className={rowClass}
              style={{ position: 'absolute', top: 0, height: rowHeight, transform: `translateY(${item.start}px)`, gridTemplateColumns: columns }}
              onClick={() => onSelect(line)}
              onKeyDown={(event) => onRowKeyDown(event, item.index)}
            >
              <div role="gridcell" className={`${styles.cell} ${styles.timestamp}`}>{formatLogTimestamp(line.timestamp)}</div>
              {showSource && <div role="gridcell" className={styles.cell}>{logSourceLabel(line.source)}</div>}
              <div role="gridcell" className={styles.cell}>
                <Badge variant={badge.tone}>{badge.label}</Badge>
              </div>
              <div role="gridcell" className={`${styles.cell} ${styles.message}`} title={line.event_message}>
                {line.metadata?.dashboard === true && (
                  <Badge variant="default" className={styles.dashboardMark}>
                    Dashboard
                  </Badge>
                )}
                {line.event_message}
              </div>
            </div>
          )
        })}
      </div>
    </div>
  )
}
