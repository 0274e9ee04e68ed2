/**
 * The import form for a new table: a file's fields become columns named from its header with the
 * types their first values suggest, editable; a field can be left out; the key is chosen; what is
 * sent is the create options the server checks; and a refusal names the line with nothing made.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ImportDataModal } from '@/components/interfaces/TableEditor/ImportDataModal'
import type { ImportOptions } from '@/lib/api-types/table-io'
import { FakeXhr } from '../fake-xhr'
import { renderWithClient } from '../Organizations/fixtures'

const REF = 'abcdefghijklmnopqrst'
const CSV = 'id,price,active,born,payload,zip,\n1,1.5,true,2024-01-02,"{""a"": 1}",007,x\n2,2,false,2024-02-29,[],012,\n'

beforeEach(() => {
  FakeXhr.sent = []
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
})
afterEach(() => vi.unstubAllGlobals())

function renderNew(onImported = vi.fn(), onClose = vi.fn()) {
  renderWithClient(<ImportDataModal projectRef={REF} connectionString="conn" target={{ kind: 'new', schema: 'public' }} onClose={onClose} onImported={onImported} />)
  return { onImported, onClose }
}

const sentOptions = (xhr: FakeXhr) => JSON.parse(new URL(xhr.url, 'http://x').searchParams.get('options')!) as ImportOptions

describe('ImportDataModal into a new table', () => {
  it('suggests names and types from the file, lets them change, and sends the create options', async () => {
    const user = userEvent.setup()
    const { onImported } = renderNew()
    const dialog = await screen.findByRole('dialog', { name: 'Import a CSV into a new table of public' })
    await user.upload(within(dialog).getByLabelText('CSV file'), new File([CSV], 'orders.csv', { type: 'text/csv' }))

    const type = (field: string) => within(dialog).getByRole('combobox', { name: `Type for field ${field}` })
    await waitFor(() => expect(type('id')).toHaveValue('int8'))
    expect(type('price')).toHaveValue('numeric')
    expect(type('active')).toHaveValue('bool')
    expect(type('born')).toHaveValue('date')
    expect(type('payload')).toHaveValue('jsonb')
    expect(type('zip')).toHaveValue('text')
    expect(within(type('price')).getByRole('option', { name: 'numeric (detected)' })).toBeInTheDocument()
    // The table is named after the file, the blank field `column_7`, the key the `id` field.
    expect(within(dialog).getByLabelText('Name of the new table (in public)')).toHaveValue('orders')
    expect(within(dialog).getByRole('textbox', { name: 'Column name for field #7' })).toHaveValue('column_7')
    expect(within(dialog).getByLabelText('Primary key')).toHaveValue('id')

    await user.selectOptions(type('price'), 'float8')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Keep field #7' }))
    const zipName = within(dialog).getByRole('textbox', { name: 'Column name for field zip' })
    await user.clear(zipName)
    await user.type(zipName, 'postcode')
    await user.click(within(dialog).getByRole('button', { name: 'Create table and import' }))

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    const xhr = FakeXhr.sent[0]
    expect(xhr.method).toBe('POST')
    expect(xhr.url).toContain(`/platform/pg-meta/${REF}/tables/import`)
    expect(sentOptions(xhr)).toEqual({
      schema: 'public',
      table: 'orders',
      columns: ['id', 'price', 'active', 'born', 'payload', 'postcode', null],
      header: true,
      delimiter: ',',
      create: {
        columns: [
          { name: 'id', type: 'int8' },
          { name: 'price', type: 'float8' },
          { name: 'active', type: 'bool' },
          { name: 'born', type: 'date' },
          { name: 'payload', type: 'jsonb' },
          { name: 'postcode', type: 'text' },
        ],
        primaryKey: 'id',
      },
    })
    xhr.finish(201, JSON.stringify({ rows: 2, table: { id: 4242, schema: 'public', name: 'orders' }, created: true, migration: '20261203000000' }))
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ table: { id: 4242, schema: 'public', name: 'orders' } })))
    expect(await screen.findByText('Imported 2 rows into orders')).toBeInTheDocument()
  })

  it('names what stops it: no table name, two columns of one name; the line of a refused row', async () => {
    const user = userEvent.setup()
    renderNew()
    const dialog = await screen.findByRole('dialog', { name: /new table/ })
    await user.type(within(dialog).getByLabelText('Or paste rows (the first row names the fields)'), 'a\tb\n1\tx\n')
    await user.tab()
    const name = await within(dialog).findByLabelText('Name of the new table (in public)')
    const submit = within(dialog).getByRole('button', { name: 'Create table and import' })
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the new table.')
    expect(submit).toBeDisabled()
    await user.type(name, 'pasted')
    const b = within(dialog).getByRole('textbox', { name: 'Column name for field b' })
    await user.clear(b)
    await user.type(b, 'a')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Two columns are named a')
    expect(submit).toBeDisabled()
    await user.type(b, '2')
    expect(submit).toBeEnabled()
    await user.click(submit)
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1))
    expect(sentOptions(FakeXhr.sent[0])).toMatchObject({ delimiter: '\t', columns: ['a', 'a2'], create: { columns: [{ name: 'a', type: 'int8' }, { name: 'a2', type: 'text' }], primaryKey: null } })
    FakeXhr.sent[0].finish(400, JSON.stringify({ message: 'invalid input syntax for type bigint: "x"', code: '22P02', line: 2, detail: null }))
    expect(await within(dialog).findByText(/Line 2: invalid input syntax/)).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing was imported.')
  })
})
