/**
 * Aggregates in a select list, as PostgREST serves them with db-aggregates-enabled: `count()`,
 * `col.sum()`, `alias:col.avg()::int`, `rel(count)`. A list that aggregates groups its rows by its
 * other output columns (by position: `group by 1, 3`), with `*` named column by column and an
 * embedded resource's value as jsonb (json has no equality). Also the columns of a to-many spread
 * (`...rel(cols)`, PostgREST 13): each an array of the embedded rows' values.
 */
import { RestError, type SelectColumn, type SelectItem } from '@/lib/rest'
import { quoteIdent } from '@/lib/sql/identifiers'

/** One output column of a select list (`expr as "label"`), whether it aggregates, and the label an embed gives it. */
export type ListPart = { sql: string; aggregate: boolean; label?: string }

/**
 * Whether a list aggregates at its own level: its columns, and those of its spreads, whose
 * aggregates PostgREST computes in the parent (an embedded resource's aggregates are its own).
 */
export const aggregatesHere = (items: readonly SelectItem[]): boolean =>
  items.some((item) => (item.type === 'column' ? item.aggregate !== undefined : item.spread && aggregatesHere(item.select)))

/** `pg_catalog.sum(arg)::aggcast`: the item's function over `arg` (`*` for `count()` of a list's own rows). */
export function aggregateSql(item: SelectColumn, arg: string): string {
  const value = `pg_catalog.${item.aggregate}(${arg})`
  // The parser lets only [A-Za-z0-9_] through as a cast, so it is written unquoted (`int` means int4).
  return item.aggregateCast ? `${value}::${item.aggregateCast}` : value
}

/** The item without its aggregate: the value a spread gives its parent to aggregate. */
export function unaggregated(item: SelectColumn): SelectColumn {
  const { aggregate: _fn, aggregateCast: _cast, ...plain } = item
  return plain
}

/**
 * The items with `*` as the table's columns one by one, where the list aggregates (a grouped list
 * names what it groups by, as PostgREST expands stars then). `columns` is empty for a function's
 * rows, whose columns are not looked up: there `*` with an aggregate is refused.
 */
export function expandStars(items: SelectItem[], columns: readonly string[]): SelectItem[] {
  if (!aggregatesHere(items)) return items
  return items.flatMap((item): SelectItem[] => {
    if (item.type !== 'column' || item.name !== '*' || item.aggregate) return [item]
    if (columns.length === 0) throw new RestError(400, 'PGRST100', "'*' with an aggregate is not supported on a function's rows: name the columns")
    return columns.map((name) => ({ ...item, name }))
  })
}

/** ` group by 1, 3`: the positions of the output columns that do not aggregate; '' when none aggregates. */
export function groupBySql(parts: readonly ListPart[]): string {
  if (!parts.some((part) => part.aggregate)) return ''
  const keys = parts.flatMap((part, i) => (part.aggregate ? [] : [String(i + 1)]))
  return keys.length > 0 ? ` group by ${keys.join(', ')}` : ''
}

/** PGRST127 as PostgREST answers an aggregate inside a to-many spread. */
export function checkToManySpread(items: readonly SelectItem[]): void {
  if (aggregatesHere(items)) {
    throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Aggregates are not implemented for one-to-many or many-to-many spreads.')
  }
}

/**
 * A to-many spread's column: the values of `label` in the embedded rows (`rows`, ordered and
 * paged) as a JSON array; jsonb in a list that aggregates (`grouped`), to group by.
 */
export const toManySpreadColumn = (rows: string, label: string, grouped: boolean) =>
  `(select coalesce(pg_catalog.json_agg(_s.${quoteIdent(label)}), '[]')${grouped ? '::pg_catalog.jsonb' : ''} from (${rows}) as _s) as ${quoteIdent(label)}`
