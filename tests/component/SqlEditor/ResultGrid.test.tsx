import { render, screen, within } from '@testing-library/react'
import { columnWidths, ResultGrid } from '@/components/interfaces/SqlEditor/ResultGrid'
import type { SqlField } from '@/data/sql/execute-sql'
import { giveElementsASize } from './sql-editor-fixtures'

let restoreSize: () => void
beforeEach(() => {
  restoreSize = giveElementsASize(800, 400)
})
afterEach(() => restoreSize())

const fields: SqlField[] = Array.from({ length: 200 }, (_, i) => ({ name: `col_${i}`, dataTypeID: 25, type: 'text' }))

describe('ResultGrid', () => {
  it('renders only the rows and columns in view of a 100,000 × 200 result', () => {
    // Two filled columns (first and last) keep the fixture cheap; the others are NULL.
    const rows = Array.from({ length: 100_000 }, (_, r) => ({ col_0: `r${r}c0`, col_199: `r${r}c199` }))
    const started = performance.now()
    render(<ResultGrid fields={fields} rows={rows} />)
    const elapsed = performance.now() - started

    const grid = screen.getByRole('grid', { name: 'Query results' })
    expect(grid).toHaveAttribute('aria-rowcount', '100001')
    expect(grid).toHaveAttribute('aria-colcount', '201')
    const renderedRows = within(grid).getAllByRole('row')
    expect(renderedRows.length).toBeGreaterThan(5)
    expect(renderedRows.length).toBeLessThan(60)
    const headers = within(grid).getAllByRole('columnheader')
    expect(headers.length).toBeLessThan(30)
    expect(within(grid).getByRole('gridcell', { name: 'r0c0' })).toHaveAttribute('aria-colindex', '2')
    expect(within(grid).queryByRole('gridcell', { name: 'r99999c0' })).not.toBeInTheDocument()
    expect(within(grid).queryByRole('gridcell', { name: 'r0c199' })).not.toBeInTheDocument()
    // Rendering a window, not the result: well under a second even in jsdom.
    expect(elapsed).toBeLessThan(1000)
  })

  it('shows NULL apart from text, JSON as text, and cuts very long values', () => {
    const f: SqlField[] = [
      { name: 'a', dataTypeID: 25, type: 'text' },
      { name: 'b', dataTypeID: 3802, type: 'jsonb' },
      { name: 'c', dataTypeID: 25, type: null },
    ]
    render(<ResultGrid fields={f} rows={[{ a: null, b: { x: [1] }, c: 'y'.repeat(2000) }]} />)
    expect(screen.getByText('NULL')).toBeInTheDocument()
    expect(screen.getByRole('gridcell', { name: '{"x":[1]}' })).toBeInTheDocument()
    const long = screen.getAllByRole('gridcell')[2]
    expect(long.textContent).toHaveLength(501)
    expect(long.textContent?.endsWith('…')).toBe(true)
    // A type the platform could not name still says something.
    expect(screen.getByRole('columnheader', { name: /c/ })).toHaveTextContent('oid 25')
  })

  it('sizes columns from the header and a sample of values, within bounds', () => {
    const widths = columnWidths(
      [
        { name: 'id', dataTypeID: 20, type: 'bigint' },
        { name: 'description', dataTypeID: 25, type: 'text' },
      ],
      [{ id: 1, description: 'x'.repeat(500) }]
    )
    expect(widths[0]).toBe(90)
    expect(widths[1]).toBe(360)
  })
})
