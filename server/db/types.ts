/** A value Postgres can take as a query parameter. */
export type SqlParam = string | number | boolean | null | Date | Buffer | Uint8Array | unknown[] | Record<string, unknown>

export type QueryField = { name: string; dataTypeID: number }

export type QueryResult<T> = { rows: T[]; fields: QueryField[]; affectedRows?: number }

/** The one interface the platform's store speaks, on PGlite and on a Postgres server alike. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<QueryResult<T>>
  /** Runs statements without parameters (may hold several statements). */
  exec(sql: string): Promise<void>
  /** Runs `fn` in one transaction: everything it writes lands together or not at all. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  close(): Promise<void>
  readonly kind: 'pglite' | 'postgres'
}
