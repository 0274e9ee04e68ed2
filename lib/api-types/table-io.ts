/**
 * Data in and out of a table (issue 25): `POST /platform/pg-meta/{ref}/tables/import?options=…`
 * takes a CSV body, streamed; `GET /platform/pg-meta/{ref}/tables/export?…` answers a table or a
 * filtered view of it as CSV, JSON or SQL INSERTs, streamed from one snapshot. The browser imports
 * this file with `import type` only, except for the pure option parsers the forms share.
 */
import { z } from 'zod'
import { FILTER_OPERATORS } from '@/lib/sql/table-rows'

const identifier = z.string('must be a string').min(1, 'must not be empty').max(63, 'must be at most 63 characters')

/** The field separators an import understands (a paste from a spreadsheet is tab-separated). */
export const IMPORT_DELIMITERS = [',', '\t', ';', '|'] as const
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number]

/** A new table's column: its name and a type the database knows (checked there, spelled as it spells it). */
const newColumn = z.strictObject({ name: identifier, type: z.string('must be a string').min(1, 'must not be empty').max(200, 'must be at most 200 characters') })

/**
 * What an import does: `columns` has one entry per field of the file's records, the table column it
 * goes to or null to leave it out. With `create` the table is made first, in the same transaction
 * (its columns are the file's kept fields, `primaryKey` one of them).
 */
export const importOptions = z
  .strictObject({
    schema: identifier,
    table: identifier,
    columns: z.array(identifier.nullable()).min(1, 'must name at least one field').max(1600, 'must have at most 1600 fields'),
    header: z.boolean('must be true or false'),
    delimiter: z.enum(IMPORT_DELIMITERS, 'must be one of , tab ; |'),
    create: z.strictObject({ columns: z.array(newColumn).min(1, 'must have a column').max(1600), primaryKey: identifier.nullable() }).optional(),
  })
  .refine((o) => o.columns.some((c) => c !== null), { message: 'columns must map at least one field to a column', path: ['columns'] })
  .refine((o) => new Set(o.columns.filter((c) => c !== null)).size === o.columns.filter((c) => c !== null).length, {
    message: 'columns must not send two fields to the same column',
    path: ['columns'],
  })
  .refine((o) => !o.create || o.create.columns.map((c) => c.name).join('\u0000') === o.columns.filter((c) => c !== null).join('\u0000'), {
    message: "create.columns must be the kept fields' columns, in order",
    path: ['create'],
  })
export type ImportOptions = z.infer<typeof importOptions>

/** `?options=` of the import: the options as JSON. */
export const importQuery = z.strictObject({ options: z.string('must be JSON') })

/** Largest file an import takes (the request body). */
export const IMPORT_MAX_BYTES = 2 * 1024 ** 3

/** The answer to an import that committed. */
export type ImportResult = { rows: number; table: { id: number; schema: string; name: string }; created: boolean; migration: string | null }

/** The answer to an import that failed: nothing was written; `line` is the file's line of the bad record, when one is to blame. */
export type ImportError = { message: string; code: string | null; line: number | null; detail: string | null }

export const EXPORT_FORMATS = ['csv', 'json', 'sql'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

const filter = z.strictObject({ column: identifier, operator: z.enum(FILTER_OPERATORS, 'is not a known operator'), value: z.string('must be a string') })
const sort = z.strictObject({ column: identifier, direction: z.enum(['asc', 'desc'], 'must be asc or desc') })

/** The export's query string: `filters` and `sorts` are the table editor's, as JSON. */
export const exportQuery = z.strictObject({
  schema: identifier,
  table: identifier,
  format: z.enum(EXPORT_FORMATS, 'must be csv, json or sql'),
  filters: z.string().optional(),
  sorts: z.string().optional(),
})
export const exportFilters = z.array(filter).max(50, 'must have at most 50 filters')
export const exportSorts = z.array(sort).max(50, 'must have at most 50 sorts')

export const EXPORT_MEDIA_TYPES: Record<ExportFormat, string> = { csv: 'text/csv', json: 'application/json', sql: 'application/sql' }
