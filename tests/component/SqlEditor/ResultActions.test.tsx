import { fireEvent, render, screen } from '@testing-library/react'
import { ResultActions } from '@/components/interfaces/SqlEditor/ResultActions'
import { CELL_DISPLAY_MAX_CHARS } from '@/components/interfaces/SqlEditor/SqlEditor.constants'
import type { SqlField } from '@/data/sql/execute-sql'

const fields: SqlField[] = [
  { name: 'id', dataTypeID: 23, type: 'int4' },
  { name: 'note', dataTypeID: 25, type: 'text' },
  { name: 'doc', dataTypeID: 3802, type: 'jsonb' },
]
// A value far past what the grid shows of a cell: a download carries it whole.
const long = 'é'.repeat(CELL_DISPLAY_MAX_CHARS * 4)
const rows = [
  { id: 1, note: 'a "quoted", | piped\nline', doc: { k: [1, 2] } },
  { id: 2, note: long, doc: null },
]

type Saved = { name: string; type: string; bytes: Uint8Array }

function captureDownloads() {
  const saved: Saved[] = []
  const blobs = new Map<string, Blob>()
  let n = 0
  const create = vi.fn((blob: Blob) => {
    const url = `blob:test/${n++}`
    blobs.set(url, blob)
    return url
  })
  const revoke = vi.fn()
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke })
  const pending: Promise<void>[] = []
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href)!
    pending.push(blob.arrayBuffer().then((buffer) => void saved.push({ name: this.download, type: blob.type, bytes: new Uint8Array(buffer) })))
  })
  return { saved, settled: () => Promise.all(pending), restore: () => click.mockRestore() }
}

let downloads: ReturnType<typeof captureDownloads>
beforeEach(() => {
  downloads = captureDownloads()
})
afterEach(() => downloads.restore())

async function downloadAs(label: string): Promise<{ file: Saved; text: string }> {
  render(<ResultActions fields={fields} rows={rows} fileName="My report: Q1/2025" />)
  fireEvent.click(screen.getByRole('button', { name: `Download ${label}` }))
  await downloads.settled()
  expect(downloads.saved).toHaveLength(1)
  const file = downloads.saved[0]
  return { file, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.bytes) }
}

describe('ResultActions downloads', () => {
  it('offers a copy and a download for each of CSV, JSON and Markdown', () => {
    render(<ResultActions fields={fields} rows={rows} fileName="q" />)
    for (const label of ['CSV', 'JSON', 'Markdown']) {
      expect(screen.getByRole('button', { name: `Copy as ${label}` })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: `Download ${label}` })).toBeInTheDocument()
    }
  })

  it('downloads CSV as UTF-8 with a byte order mark, quoted fields and the whole long value', async () => {
    const { file, text } = await downloadAs('CSV')
    expect(file.name).toBe('My-report-Q1-2025-results.csv')
    expect(file.type).toBe('text/csv;charset=utf-8')
    expect([...file.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(text).toBe(`\ufeffid,note,doc\r\n1,"a ""quoted"", | piped\nline","{""k"":[1,2]}"\r\n2,${long},`)
  })

  it('downloads JSON with values in their JSON types, NULL as null, the long value whole', async () => {
    const { file, text } = await downloadAs('JSON')
    expect(file.name).toBe('My-report-Q1-2025-results.json')
    expect(file.type).toBe('application/json;charset=utf-8')
    expect(text.charCodeAt(0)).not.toBe(0xfeff)
    expect(JSON.parse(text)).toEqual(rows)
  })

  it('downloads a Markdown table with pipes escaped, line breaks as <br> and NULL spelled out', async () => {
    const { file, text } = await downloadAs('Markdown')
    expect(file.name).toBe('My-report-Q1-2025-results.md')
    expect(file.type).toBe('text/markdown;charset=utf-8')
    expect(text.split('\n')).toEqual([
      '| id | note | doc |',
      '| --- | --- | --- |',
      '| 1 | a "quoted", \\| piped<br>line | {"k":[1,2]} |',
      `| 2 | ${long} | NULL |`,
    ])
  })
})
