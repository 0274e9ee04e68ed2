/**
 * Where the schema visualizer's tables were dragged to, per project and schema, in localStorage,
 * so a rearranged diagram comes back as it was left. Keys are lib/database/schema-graph
 * `tablePositionKey`s; "Auto layout" forgets them.
 */

export type DiagramPosition = { x: number; y: number }
export type DiagramPositions = Record<string, DiagramPosition>

/** localStorage key prefix; sign out clears the whole storage (spec §4), this included. */
export const DIAGRAM_POSITIONS_STORAGE_PREFIX = 'dashboard-schema-diagram'

const storageKey = (projectRef: string, schema: string) => `${DIAGRAM_POSITIONS_STORAGE_PREFIX}:${JSON.stringify([projectRef, schema])}`

const isPosition = (v: unknown): v is DiagramPosition =>
  typeof v === 'object' && v !== null && Number.isFinite((v as DiagramPosition).x) && Number.isFinite((v as DiagramPosition).y)

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

/** The remembered positions of a schema's tables (none when nothing valid is stored). */
export function readDiagramPositions(projectRef: string, schema: string, storage = browserStorage()): DiagramPositions {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(storageKey(projectRef, schema)) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => isPosition(v)).map(([k, v]) => [k, { x: v.x, y: v.y }]))
  } catch {
    return {}
  }
}

/** Remembers positions (an empty set forgets them); storage that refuses writes is ignored. */
export function writeDiagramPositions(projectRef: string, schema: string, positions: DiagramPositions, storage = browserStorage()): void {
  try {
    if (Object.keys(positions).length === 0) storage?.removeItem(storageKey(projectRef, schema))
    else storage?.setItem(storageKey(projectRef, schema), JSON.stringify(positions))
  } catch {
    // Private mode or a full storage: the diagram still works, it just forgets.
  }
}
