/**
 * What the table editor remembers of the tables it opened (issue 23): each one's schema, name and
 * primary key, by project and oid, in localStorage. Opening a table again asks for its first rows
 * with that shape at once, alongside its definition, instead of after it. The rows are cached
 * under the shape they were read with, so a table renamed or re-keyed since is simply read again.
 */

export type TableShape = { schema: string; name: string; primaryKey: string[] }

/** localStorage key; sign out clears the whole storage (spec §4), this included. */
export const TABLE_SHAPES_STORAGE_KEY = 'dashboard-table-shapes'

/** How many tables are remembered in all, the most recently opened kept. */
export const TABLE_SHAPES_LIMIT = 50

type Entries = [string, TableShape][]

const entryKey = (projectRef: string, id: number) => `${projectRef}:${id}`

function isShape(value: unknown): value is TableShape {
  const v = value as TableShape
  return (
    typeof v === 'object' && v !== null && typeof v.schema === 'string' && typeof v.name === 'string' &&
    Array.isArray(v.primaryKey) && v.primaryKey.every((c) => typeof c === 'string')
  )
}

function read(storage: Storage | undefined): Entries {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(TABLE_SHAPES_STORAGE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed.filter((e): e is [string, TableShape] => Array.isArray(e) && typeof e[0] === 'string' && isShape(e[1]))
  } catch {
    return []
  }
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

/** The remembered shape of a project's table, or null. */
export function rememberedTableShape(projectRef: string, id: number, storage = browserStorage()): TableShape | null {
  return read(storage).find(([key]) => key === entryKey(projectRef, id))?.[1] ?? null
}

/** Remembers a table's shape (most recent first); storage that refuses writes is ignored. */
export function rememberTableShape(projectRef: string, id: number, shape: TableShape, storage = browserStorage()): void {
  const key = entryKey(projectRef, id)
  const current = read(storage)
  const known = current.find(([k]) => k === key)?.[1]
  if (current[0]?.[0] === key && known && JSON.stringify(known) === JSON.stringify(shape)) return
  const next: Entries = [[key, { schema: shape.schema, name: shape.name, primaryKey: [...shape.primaryKey] }], ...current.filter(([k]) => k !== key)]
  try {
    storage?.setItem(TABLE_SHAPES_STORAGE_KEY, JSON.stringify(next.slice(0, TABLE_SHAPES_LIMIT)))
  } catch {
    // Quota or blocked storage: the next visit asks for the definition first, as without this.
  }
}

/** Forgets a table (dropped, or gone). */
export function forgetTableShape(projectRef: string, id: number, storage = browserStorage()): void {
  const current = read(storage)
  const next = current.filter(([k]) => k !== entryKey(projectRef, id))
  if (next.length === current.length) return
  try {
    storage?.setItem(TABLE_SHAPES_STORAGE_KEY, JSON.stringify(next))
  } catch {
    // As above.
  }
}
