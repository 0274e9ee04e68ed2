/**
 * Last-visited preferences (spec §3 "Stored preferences", §4 "Last visited"): the last visited
 * organization (used for the landing), the last visited SQL snippet of each project and the
 * history of visited tables of each project. Kept in localStorage through a thin adapter
 * (`last-visited.storage.ts`); the rules live here and are tested with the in-memory adapter.
 */
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { createStore, type StoreApi } from 'zustand/vanilla'
import { createBrowserLastVisitedStorage, type LastVisitedStorage } from './last-visited.storage'

/** How many tables the history of one project remembers, most recent first. */
export const TABLE_HISTORY_LIMIT = 10

/** The id of the SQL page that creates a snippet; it is not a snippet to come back to (spec §4). */
export const NEW_SNIPPET_ID = 'new'

export type LastVisitedState = {
  /** Slug of the organization opened last, or null. */
  organization: string | null
  /** Project ref → id of the SQL snippet opened last. */
  snippets: Record<string, string>
  /** Project ref → ids of the tables opened, most recent first. */
  tables: Record<string, string[]>
  /**
   * True once this tab went through the landing or opened an organization or project page. The
   * landing sends to the last visited organization only before that, so that the organization
   * list stays reachable from the breadcrumb afterwards.
   */
  landingDone: boolean
}

export type LastVisitedActions = {
  setLastVisitedOrganization(slug: string): void
  clearLastVisitedOrganization(): void
  /** spec §4: opening a non-new SQL page records its id; `new` is ignored. */
  setLastVisitedSnippet(projectRef: string, snippetId: string): void
  /** Forgets the project's snippet (all, or only when it is `snippetId`, e.g. after deleting it). */
  clearLastVisitedSnippet(projectRef: string, snippetId?: string): void
  /** spec §4: opening any editor page records its table id at the top of the project's history. */
  recordTableVisit(projectRef: string, tableId: string | number): void
  /** Takes a table out of the history (e.g. after the table was dropped). */
  removeTableFromHistory(projectRef: string, tableId: string | number): void
  /** Marks the landing of this tab as decided (see `landingDone`). */
  markLandingDone(): void
  /** Reads everything again from storage (another tab may have written). */
  reload(): void
}

export type LastVisitedStore = StoreApi<LastVisitedState & LastVisitedActions>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function cleanId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return undefined
  }
}

/** Snippets map from storage; entries that are not ref → id strings are dropped. */
export function parseSnippets(raw: string | null): Record<string, string> {
  const value = parseJson(raw)
  if (!isRecord(value)) return {}
  const result: Record<string, string> = {}
  for (const [ref, id] of Object.entries(value)) {
    const clean = cleanId(id)
    if (ref && clean && clean !== NEW_SNIPPET_ID) result[ref] = clean
  }
  return result
}

/** Table histories from storage: deduplicated, capped, non-ids dropped. */
export function parseTables(raw: string | null): Record<string, string[]> {
  const value = parseJson(raw)
  if (!isRecord(value)) return {}
  const result: Record<string, string[]> = {}
  for (const [ref, ids] of Object.entries(value)) {
    if (!ref || !Array.isArray(ids)) continue
    const history = [...new Set(ids.map(cleanId).filter((id): id is string => id !== null))].slice(0, TABLE_HISTORY_LIMIT)
    if (history.length > 0) result[ref] = history
  }
  return result
}

function readState(storage: LastVisitedStorage): LastVisitedState {
  return {
    organization: cleanId(storage.read('organization')),
    snippets: parseSnippets(storage.read('snippets')),
    tables: parseTables(storage.read('tables')),
    landingDone: storage.readLandingDone(),
  }
}

/** A last-visited store on the given storage (tests pass the in-memory adapter). */
export function createLastVisitedStore(storage: LastVisitedStorage): LastVisitedStore {
  return createStore<LastVisitedState & LastVisitedActions>((set, get) => {
    const saveSnippets = (snippets: Record<string, string>) => {
      storage.write('snippets', JSON.stringify(snippets))
      set({ snippets })
    }
    const saveTables = (tables: Record<string, string[]>) => {
      storage.write('tables', JSON.stringify(tables))
      set({ tables })
    }

    return {
      ...readState(storage),

      setLastVisitedOrganization(slug) {
        const clean = cleanId(slug)
        if (!clean || clean === get().organization) return
        storage.write('organization', clean)
        set({ organization: clean })
      },

      clearLastVisitedOrganization() {
        storage.remove('organization')
        set({ organization: null })
      },

      setLastVisitedSnippet(projectRef, snippetId) {
        const id = cleanId(snippetId)
        if (!projectRef || !id || id === NEW_SNIPPET_ID) return
        if (get().snippets[projectRef] === id) return
        saveSnippets({ ...get().snippets, [projectRef]: id })
      },

      clearLastVisitedSnippet(projectRef, snippetId) {
        const current = get().snippets[projectRef]
        if (current === undefined) return
        if (snippetId !== undefined && current !== cleanId(snippetId)) return
        const { [projectRef]: _removed, ...rest } = get().snippets
        saveSnippets(rest)
      },

      recordTableVisit(projectRef, tableId) {
        const id = cleanId(tableId)
        if (!projectRef || !id) return
        const previous = get().tables[projectRef] ?? []
        if (previous[0] === id) return
        const history = [id, ...previous.filter((entry) => entry !== id)].slice(0, TABLE_HISTORY_LIMIT)
        saveTables({ ...get().tables, [projectRef]: history })
      },

      removeTableFromHistory(projectRef, tableId) {
        const id = cleanId(tableId)
        const previous = get().tables[projectRef]
        if (!id || !previous?.includes(id)) return
        const history = previous.filter((entry) => entry !== id)
        const { [projectRef]: _removed, ...rest } = get().tables
        saveTables(history.length > 0 ? { ...rest, [projectRef]: history } : rest)
      },

      markLandingDone() {
        if (get().landingDone) return
        storage.writeLandingDone()
        set({ landingDone: true })
      },

      reload() {
        set(readState(storage))
      },
    }
  })
}

/** The table opened last in a project, or null. */
export function selectLastVisitedTable(state: LastVisitedState, projectRef: string): string | null {
  return state.tables[projectRef]?.[0] ?? null
}

/** The history of tables opened in a project, most recent first. */
export function selectTableHistory(state: LastVisitedState, projectRef: string): readonly string[] {
  return state.tables[projectRef] ?? EMPTY_HISTORY
}

const EMPTY_HISTORY: readonly string[] = []

/**
 * The slug to land on: the last visited organization when the user still belongs to it,
 * otherwise null (the list is shown).
 */
export function resolveLandingOrganization(
  lastVisited: string | null,
  organizations: readonly { slug: string }[] | undefined
): string | null {
  if (!lastVisited || !organizations) return null
  return organizations.some((org) => org.slug === lastVisited) ? lastVisited : null
}

/** The browser's store (localStorage). */
export const lastVisitedStore: LastVisitedStore = createLastVisitedStore(createBrowserLastVisitedStorage())

/** React binding of the browser's store. */
export function useLastVisited<T>(selector: (state: LastVisitedState & LastVisitedActions) => T): T {
  return useStore(lastVisitedStore, selector)
}

/**
 * Records `slug` as the last visited organization while an organization page is open; this tab
 * is past its landing from then on.
 */
export function useRecordLastVisitedOrganization(slug: string | undefined): void {
  useEffect(() => {
    if (!slug) return
    const state = lastVisitedStore.getState()
    state.setLastVisitedOrganization(slug)
    state.markLandingDone()
  }, [slug])
}
