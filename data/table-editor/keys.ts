import { sqlKeys } from '@/data/sql/keys'
import type { RowFilter, RowSort } from '@/lib/sql/table-rows'

/** Which tables a catalogue query describes: some by oid, or every table of some schemas. */
export type CatalogueSelection = { ids: readonly number[] } | { schemas: readonly string[] }

/**
 * Cache keys of the table editor. All live under the project's `sql` queries, so invalidating
 * `tableEditorKeys.all(ref)` (after any DDL, here or in the SQL editor) refreshes every one.
 */
export const tableEditorKeys = {
  all: (projectRef: string | undefined) => sqlKeys.query(projectRef, 'table-editor'),
  schemas: (projectRef: string | undefined) => [...sqlKeys.query(projectRef, 'table-editor'), 'schemas'] as const,
  tables: (projectRef: string | undefined, schema: string | undefined) => [...sqlKeys.query(projectRef, 'table-editor'), 'tables', schema] as const,
  catalogue: (projectRef: string | undefined, selection: CatalogueSelection) =>
    [...sqlKeys.query(projectRef, 'table-editor'), 'catalogue', selection] as const,
  table: (projectRef: string | undefined, id: number | undefined) => [...sqlKeys.query(projectRef, 'table-editor'), 'table', id] as const,
  /** Rows and count of one table: invalidated after row changes. */
  tableData: (projectRef: string | undefined, id: number | undefined) => [...sqlKeys.query(projectRef, 'table-editor'), 'data', id] as const,
  /**
   * Rows of one table as read under a shape (schema, name, primary key: what the SQL names), so
   * rows read ahead with a remembered shape are used only while the table still has it.
   */
  rows: (
    projectRef: string | undefined,
    id: number | undefined,
    shape: { schema: string; name: string; primaryKey: readonly string[] } | undefined,
    view: { filters: readonly RowFilter[]; sorts: readonly RowSort[] }
  ) => [...sqlKeys.query(projectRef, 'table-editor'), 'data', id, 'rows', shape && { schema: shape.schema, name: shape.name, primaryKey: shape.primaryKey }, view] as const,
  rowCount: (projectRef: string | undefined, id: number | undefined, filters: readonly RowFilter[]) =>
    [...sqlKeys.query(projectRef, 'table-editor'), 'data', id, 'count', filters] as const,
  /** After rows change: that table's rows and count are refetched. */
  afterRowChange: (v: { projectRef: string | undefined; table: { id: number } }) => [tableEditorKeys.tableData(v.projectRef, v.table.id)],
  /** After DDL: everything of the table editor is refetched. */
  afterDdl: (v: { projectRef: string | undefined }) => [tableEditorKeys.all(v.projectRef)],
}
