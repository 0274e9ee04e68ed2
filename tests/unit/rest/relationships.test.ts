import { describe, expect, it } from 'vitest'
import { relationshipsOf, type ForeignKeyRow, type ViewColumnRow } from '@/server/rest/relationship-graph'
import { pickRelationship } from '@/server/rest/relationships'

const t = (name: string) => ({ schema: 'public', name })
const fk = (name: string, table: string, columns: string[], foreign: string, foreignColumns: string[], extra: Partial<ForeignKeyRow> = {}): ForeignKeyRow =>
  ({ name, table: t(table), foreign: t(foreign), columns, foreignColumns, oneToOne: false, inPrimaryKey: false, ...extra })

const keys: ForeignKeyRow[] = [
  fk('duels_a_fkey', 'duels', ['a'], 'people', ['handle']),
  fk('duels_b_fkey', 'duels', ['b'], 'people', ['handle']),
  fk('cards_holder_fkey', 'cards', ['holder'], 'people', ['handle'], { oneToOne: true, inPrimaryKey: true }),
  fk('tree_parent_fkey', 'tree', ['parent'], 'tree', ['id']),
  fk('bs_book_fkey', 'book_shelves', ['book'], 'books', ['id'], { inPrimaryKey: true }),
  fk('bs_shelf_fkey', 'book_shelves', ['shelf'], 'shelves', ['id'], { inPrimaryKey: true }),
]
const views: ViewColumnRow[] = [{ view: t('people_v'), column: 'who', source: t('people'), sourceColumn: 'handle' }]
const pick = (origin: string, target: string, hint?: string) => pickRelationship(relationshipsOf(t(origin), keys, views), target, hint)

describe('relationships as PostgREST finds them', () => {
  it('derives each direction, one-to-one for a unique key, many-to-many through a junction and views over the referenced table', () => {
    expect(pick('people', 'cards').map((r) => r.cardinality)).toEqual(['one-to-one'])
    expect(pick('cards', 'people').map((r) => [r.cardinality, r.columns])).toEqual([['one-to-one', [['holder', 'handle']]]])
    expect(pick('people', 'duels').map((r) => [r.cardinality, r.constraint])).toEqual([['one-to-many', 'duels_a_fkey'], ['one-to-many', 'duels_b_fkey']])
    expect(pick('books', 'shelves')).toMatchObject([{ cardinality: 'many-to-many', junction: { table: t('book_shelves'), source: [['id', 'book']], target: [['id', 'shelf']] } }])
    expect(pick('duels', 'people_v', 'a')).toMatchObject([{ cardinality: 'many-to-one', foreign: t('people_v'), columns: [['a', 'who']] }])
  })

  it('picks by constraint or column as target, and by hint of a constraint, either column or the junction', () => {
    expect(pick('people', 'duels_b_fkey').map((r) => r.constraint)).toEqual(['duels_b_fkey'])
    expect(pick('duels', 'a').map((r) => r.constraint)).toEqual(['duels_a_fkey'])
    expect(pick('duels', 'people', 'duels_b_fkey').map((r) => r.constraint)).toEqual(['duels_b_fkey'])
    expect(pick('duels', 'people', 'b').map((r) => r.constraint)).toEqual(['duels_b_fkey'])
    expect(pick('people', 'duels', 'a').map((r) => r.constraint)).toEqual(['duels_a_fkey'])
    expect(pick('books', 'shelves', 'book_shelves')).toHaveLength(1)
    expect(pick('duels', 'people', 'nope')).toEqual([])
    // A view is only ever named by its name: the constraint names the table alone.
    expect(pick('duels', 'duels_a_fkey').map((r) => r.foreign.name)).toEqual(['people'])
  })

  it('takes a self reference by the table name as its children and by the column as its parent', () => {
    expect(pick('tree', 'tree').map((r) => [r.cardinality, r.columns])).toEqual([['one-to-many', [['id', 'parent']]]])
    expect(pick('tree', 'parent').map((r) => [r.cardinality, r.columns])).toEqual([['many-to-one', [['parent', 'id']]]])
    expect(pick('tree', 'tree', 'parent').map((r) => r.cardinality)).toEqual(['one-to-many'])
  })
})
