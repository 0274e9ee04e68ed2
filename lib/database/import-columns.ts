/**
 * A new table made from a CSV file (issue 25): the column each field of the file becomes, its name
 * and the type its first values suggest. Pure: the import form and its tests share it; the database
 * still decides (every value is cast by the import, a bad one names its line).
 */
import { MAX_IDENTIFIER_BYTES, truncateToBytes } from '@/lib/sql/ddl'

/** The types an import offers for a new column, most specific first where detection picks one. */
export const IMPORT_COLUMN_TYPES = ['text', 'int8', 'int4', 'numeric', 'float8', 'bool', 'date', 'timestamptz', 'timestamp', 'time', 'uuid', 'jsonb', 'json'] as const

const INT = /^[-+]?(0|[1-9]\d*)$/
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/
const BOOL = /^(true|false|t|f|yes|no|y|n|on|off)$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d{1,6})?)?(?<zone>Z|[+-]\d{2}(:?\d{2})?)?$/i
const TIME = /^(\d{2}):(\d{2})(:\d{2}(\.\d{1,6})?)?$/
const INT8_MAX = 9223372036854775807n

function validDate(y: string, m: string, d: string): boolean {
  const month = Number(m)
  const day = Number(d)
  if (month < 1 || month > 12 || day < 1) return false
  return day <= new Date(Date.UTC(Number(y), month, 0)).getUTCDate()
}

function isJson(value: string): boolean {
  if (!/^[[{]/.test(value)) return false
  try {
    JSON.parse(value)
    return true
  } catch {
    return false
  }
}

const RULES: [type: string, test: (value: string) => boolean][] = [
  // An integer with a leading zero (a postcode, a phone number) stays text: the zero would be lost.
  ['int8', (v) => INT.test(v) && (BigInt(v) <= INT8_MAX && BigInt(v) >= -INT8_MAX - 1n)],
  ['numeric', (v) => NUMERIC.test(v) && !/^[-+]?0\d/.test(v)],
  ['bool', (v) => BOOL.test(v)],
  ['uuid', (v) => UUID.test(v)],
  ['date', (v) => {
    const m = DATE.exec(v)
    return m !== null && validDate(m[1], m[2], m[3])
  }],
  ['timestamptz', (v) => {
    const m = TIMESTAMP.exec(v)
    return m !== null && m.groups?.zone !== undefined && validDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60
  }],
  ['timestamp', (v) => {
    const m = TIMESTAMP.exec(v)
    return m !== null && m.groups?.zone === undefined && validDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60
  }],
  ['time', (v) => {
    const m = TIME.exec(v)
    return m !== null && Number(m[1]) < 24 && Number(m[2]) < 60
  }],
  ['jsonb', isJson],
]

/**
 * The type the values of one field suggest: the first rule every non-empty value passes (an empty
 * field is NULL and says nothing); text when none does, or when every value is empty.
 */
export function detectColumnType(values: readonly string[]): string {
  const present = values.filter((v) => v !== '')
  if (present.length === 0) return 'text'
  return RULES.find(([, test]) => present.every(test))?.[0] ?? 'text'
}

/**
 * Column names for a file's header fields: each field's own name, trimmed and at most 63
 * characters (the database's limit, counted in bytes there: longer unicode names are cut), a blank
 * one `column_N`, and a repeated one suffixed `_2`, `_3`… so every name is unique.
 */
export function columnNamesForFields(fields: readonly string[]): string[] {
  const taken = new Set<string>()
  return fields.map((field, i) => {
    const base = truncateToBytes(field.trim() || `column_${i + 1}`, MAX_IDENTIFIER_BYTES)
    let name = base
    for (let n = 2; taken.has(name); n++) name = `${truncateToBytes(base, MAX_IDENTIFIER_BYTES - `_${n}`.length)}_${n}`
    taken.add(name)
    return name
  })
}

/** The field a new table's key should be: one named `id` whose values suit a key (integers or uuids), else none. */
export function suggestedPrimaryKey(names: readonly string[], types: readonly string[]): string | null {
  const i = names.findIndex((n) => n.toLowerCase() === 'id')
  return i >= 0 && ['int8', 'int4', 'uuid', 'text'].includes(types[i] ?? '') ? names[i] : null
}
