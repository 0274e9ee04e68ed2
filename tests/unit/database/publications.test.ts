/**
 * Database → Publications' SQL: the builders quote every name and say exactly what runs, and on a
 * real Postgres (PGlite in memory) the catalogue queries read what the builders did.
 */
import type { PGlite } from '@electric-sql/pglite'
import { freshPglite } from '@/tests/pglite-fresh'
import {
  createPublicationSql,
  dropBlockedReason,
  dropPublicationSql,
  PUBLICATION_TABLES_SQL,
  PUBLICATIONS_SQL,
  REALTIME_PUBLICATION,
  setPublicationOperationSql,
  setPublicationTableSql,
  tablesFixedReason,
  toPublication,
  validatePublicationName,
  type PublicationRow,
} from '@/lib/database/publications'

const ALL = { insert: true, update: true, delete: true, truncate: true }

describe('publication SQL builders', () => {
  it('quote names, also hostile ones', () => {
    expect(createPublicationSql('feed', ALL)).toBe(`create publication "feed" with (publish = 'insert, update, delete, truncate');`)
    expect(createPublicationSql('a"b; drop table x', { ...ALL, update: false, truncate: false })).toBe(`create publication "a""b; drop table x" with (publish = 'insert, delete');`)
    expect(dropPublicationSql('My Pub')).toBe('drop publication "My Pub";')
    expect(setPublicationTableSql('supabase_realtime', { schema: 'public', name: 'todos' }, true)).toBe('alter publication "supabase_realtime" add table "public"."todos";')
    expect(setPublicationTableSql('p', { schema: 'we"ird', name: 'T x' }, false)).toBe('alter publication "p" drop table "we""ird"."T x";')
    expect(setPublicationOperationSql({ name: 'p', operations: ALL }, 'update', false)).toBe(`alter publication "p" set (publish = 'insert, delete, truncate');`)
    expect(setPublicationOperationSql({ name: 'p', operations: { ...ALL, insert: false, update: false, delete: false, truncate: false } }, 'delete', true)).toBe(`alter publication "p" set (publish = 'delete');`)
  })

  it('protect supabase_realtime from dropping, and FOR ALL TABLES publications from choosing tables', () => {
    expect(dropBlockedReason(REALTIME_PUBLICATION)).toMatch(/decides which tables Realtime streams/)
    expect(dropBlockedReason('other')).toBeNull()
    expect(tablesFixedReason({ allTables: true })).toMatch(/FOR ALL TABLES/)
    expect(tablesFixedReason({ allTables: false })).toBeNull()
  })

  it('validate a new name', () => {
    expect(validatePublicationName('', [])).toBe('Name the publication')
    expect(validatePublicationName(' x', [])).toMatch(/space/)
    expect(validatePublicationName('x'.repeat(64), [])).toMatch(/63 bytes/)
    expect(validatePublicationName('feed', ['feed'])).toMatch(/already exists/)
    expect(validatePublicationName('Feed "1"', ['feed'])).toBeNull()
  })
})

describe('publications on Postgres', () => {
  let db: PGlite
  beforeAll(async () => {
    db = await freshPglite()
    await db.exec(`create table public.todos (id int primary key); create schema "we""ird"; create table "we""ird"."T x" (id int primary key);
      create publication supabase_realtime;`)
  }, 60_000)
  afterAll(async () => db?.close())

  const list = async () => (await db.query<PublicationRow>(PUBLICATIONS_SQL)).rows.map(toPublication)
  const tables = async (name: string) => (await db.query(PUBLICATION_TABLES_SQL, [name])).rows

  it('lists supabase_realtime first, with operations and table counts that follow the builders', async () => {
    const name = 'a"b; drop table todos'
    await db.exec(createPublicationSql(name, { ...ALL, truncate: false }))
    await db.exec(setPublicationTableSql(REALTIME_PUBLICATION, { schema: 'public', name: 'todos' }, true))
    await db.exec(setPublicationTableSql(REALTIME_PUBLICATION, { schema: 'we"ird', name: 'T x' }, true))
    await db.exec(setPublicationOperationSql((await list())[0], 'delete', false))
    const [realtime, other] = await list()
    expect(realtime).toMatchObject({ name: REALTIME_PUBLICATION, allTables: false, tableCount: 2, operations: { insert: true, update: true, delete: false, truncate: true } })
    expect(other).toMatchObject({ name, tableCount: 0, operations: { insert: true, update: true, delete: true, truncate: false } })
    expect(await tables(REALTIME_PUBLICATION)).toEqual([{ schema: 'public', name: 'todos' }, { schema: 'we"ird', name: 'T x' }])
    await db.exec(setPublicationTableSql(REALTIME_PUBLICATION, { schema: 'public', name: 'todos' }, false))
    expect(await tables(REALTIME_PUBLICATION)).toEqual([{ schema: 'we"ird', name: 'T x' }])
    await db.exec(dropPublicationSql(name))
    expect((await list()).map((p) => p.name)).toEqual([REALTIME_PUBLICATION])
    expect((await db.query(`select 1 from pg_class where relname = 'todos'`)).rows).toHaveLength(1)
  })

  it('marks a FOR ALL TABLES publication', async () => {
    await db.exec('create publication everything for all tables')
    const all = (await list()).find((p) => p.name === 'everything')!
    expect(all.allTables).toBe(true)
    expect(all.tableCount).toBeGreaterThanOrEqual(2)
    await db.exec('drop publication everything')
  })
})
